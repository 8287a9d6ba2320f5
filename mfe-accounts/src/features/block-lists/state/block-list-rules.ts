import * as z from '@outsync/contracts/zod';
import { platformDisplayName, platformFacts, type Platform } from '@outsync/contracts';
import type { BlockListType, BlockType } from '@outsync/contracts/accounts';

// The rules both block-list forms share (spec 02 §4, §5, §9): which block types a platform
// takes, the non-Latin rule, the client rule, the checks of the fields both forms have, and how
// a form's checks and change rules become its schema and its transition.

/** Spec 02 §5: the forms' validation messages. */
export const blockListMessages = {
  listType: 'Select List Type',
  hubspotList: 'Select hubspot list',
  salesforceList: 'Select list',
  fields: 'Select fields',
  platform: 'Select Email Service',
  apiKey: 'Select API Key',
  blockType: 'Select Type of blocking',
  client: (platformName: string) => `Select ${platformName} Client`,
  profileUrlFields: 'Select at least one Profile URL field for HeyReach',
  heyreachList: 'Please select HeyReach list',
} as const;

/** A field that failed its check, with the message the validation toast shows. */
export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

export type FormCheck<Field extends string, Body> =
  { ok: true; body: Body } | ({ ok: false } & FormProblem<Field>);

/** What a form's check needs beyond its values: data the form has read from the service. */
export interface BlockListFormContext {
  userProfileId: string;
  /** The name of a list (or report) of the profile, sent with the sync. */
  listName: (listId: string) => string;
  /** How many clients the key sees (Smartlead): one is required from two on. */
  clientCount: (apiKeyId: string) => number;
}

/**
 * A form's values schema with its checks (spec 02 §5), as the schema `useZodForm` validates
 * with: a failed check is the issue on its field, and the output is the request to send.
 */
export function checkedFormSchema<Form extends Record<string, unknown>, Body>(
  values: z.ZodType<Form, Form>,
  check: (form: Form, context: BlockListFormContext) => FormCheck<keyof Form & string, Body>,
  context: BlockListFormContext,
) {
  return values.transform((form, ctx) => {
    const checked = check(form, context);
    if (checked.ok) return checked.body;
    ctx.addIssue({ code: 'custom', message: checked.message, path: [checked.field] });
    return z.NEVER;
  });
}

/** What a change of one field does to the others (spec 02 §4), by field. */
export type ChangeRules<Form> = { [Field in keyof Form]?: (form: Form) => Form };

/** A form's transition from its rules: choosing the value already chosen changes nothing. */
export function transitionOn<Form>(rules: ChangeRules<Form>) {
  return (previous: Form, next: Form, changed: keyof Form): Form => {
    if (previous[changed] === next[changed]) return next;
    return rules[changed]?.(next) ?? next;
  };
}

/** The social tool (HeyReach) blocks profile URLs: its own fields, and no domains. */
export function isSocialPlatform(platform: Platform | null): boolean {
  return platform !== null && platformFacts[platform].kind === 'social-tool';
}

/** The block types a platform takes: a social profile has no domain (spec 02 §2.7). */
export function blockTypesFor(platform: Platform | null): BlockType[] {
  return isSocialPlatform(platform) ? ['ADDRESS'] : ['ADDRESS', 'DOMAIN'];
}

/** The client select is Smartlead's only (spec 02 §9). */
export function hasClientSelect(platform: Platform | null): boolean {
  return platform !== null && platformFacts[platform].blockListClientSelect;
}

/**
 * Spec 02 §5 "Non-Latin rule": true exactly for Instantly, ADDRESS and a contact list (a
 * SALESFORCE report is a contact list). The form's checkbox only shows it; it is not sent.
 */
export function usesDomainForNonLatin(form: {
  platform: Platform | null;
  blockType: BlockType | null;
  listType: BlockListType | null;
}): boolean {
  return (
    form.platform === 'instantly' &&
    form.blockType === 'ADDRESS' &&
    form.listType === 'CONTACT_LIST'
  );
}

/** The fields after the list in both forms. */
export interface TargetFields {
  platform: Platform | null;
  apiKeyId: string | null;
  blockType: BlockType | null;
  client: string | null;
}

/** What both forms send for their target, once checked. */
export interface CheckedTarget {
  platform: Platform;
  apiKeyId: string;
  blockType: BlockType;
  client: string | null;
}

/**
 * Spec 02 §5, the checks both forms make after their list, in order: platform, API key, block
 * type, and the client when the key sees more than one.
 */
export function checkTarget(
  form: TargetFields,
  context: BlockListFormContext,
): FormCheck<keyof TargetFields, CheckedTarget> {
  const { platform, apiKeyId, blockType, client } = form;
  if (platform === null)
    return { ok: false, field: 'platform', message: blockListMessages.platform };
  if (apiKeyId === null) return { ok: false, field: 'apiKeyId', message: blockListMessages.apiKey };
  if (blockType === null || !blockTypesFor(platform).includes(blockType)) {
    return { ok: false, field: 'blockType', message: blockListMessages.blockType };
  }
  const clientSelect = hasClientSelect(platform);
  if (clientSelect && client === null && context.clientCount(apiKeyId) > 1) {
    const message = blockListMessages.client(platformDisplayName(platform));
    return { ok: false, field: 'client', message };
  }
  return {
    ok: true,
    body: { platform, apiKeyId, blockType, client: clientSelect ? client : null },
  };
}

/**
 * Spec 02 §4: a new platform clears the client and the API key (they belong to the old one), and
 * a block type the platform does not take.
 */
export function targetAfterPlatformChange<Form extends TargetFields>(form: Form): Form {
  const blockType =
    form.blockType !== null && blockTypesFor(form.platform).includes(form.blockType)
      ? form.blockType
      : null;
  return { ...form, client: null, apiKeyId: null, blockType };
}
