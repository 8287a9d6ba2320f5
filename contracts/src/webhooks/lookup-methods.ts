// The 'Object lookup method' options, apart from the form's helpers (webhook-form.ts): the
// webhooks list labels each webhook's method with them, and a file of their own keeps the form's
// code out of the list's bundle (the partner embed's first load, issue 32).
import { platformFacts, type Platform } from '@outsync/contracts';
import type { LookupMethod } from './webhooks.schemas';

/** Whether `platform` is the social tool (HeyReach): its leads are found by social profile. */
export function isSocialTool(platform: Platform | null): boolean {
  return platform !== null && platformFacts[platform].kind === 'social-tool';
}

/** The three 'Object lookup method' options with their labels (spec 01 §2.7). */
export function lookupMethodOptions(
  platform: Platform | null,
): readonly { value: LookupMethod; label: string }[] {
  return [
    {
      value: 'default',
      label: isSocialTool(platform)
        ? 'Default Property (Social Profile)'
        : 'Default Property (Email Address)',
    },
    { value: 'AlternativeProperty', label: 'Alternative Property (Select Below)' },
    { value: 'OptionalAlternativeProperty', label: 'Optional Alternative Property (Select Below)' },
  ];
}
