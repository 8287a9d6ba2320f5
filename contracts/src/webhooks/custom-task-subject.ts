import { platformFacts, type Platform } from '@outsync/contracts';

/** The {{ tokens }} a custom task subject may use (spec 01 §5 "Custom task subject"). */
export const CUSTOM_TASK_SUBJECT_TOKENS = [
  'os_sales_engagement_platform',
  'event_type',
  'to_name',
  'from_name',
  'to_email',
  'from_email',
  'campaign_name',
  'campaign_id',
  'subject',
  'sequence_number',
  'lead_category_id',
  'lead_category_name',
] as const;
export type CustomTaskSubjectToken = (typeof CUSTOM_TASK_SUBJECT_TOKENS)[number];

const allowedTokens: ReadonlySet<string> = new Set(CUSTOM_TASK_SUBJECT_TOKENS);

/**
 * Valid when not blank, every brace is closed after it is opened, and every {{ token }} is one
 * of the allowed tokens. A blank subject is invalid: the spec's message for it is 'Enter Custom
 * Task Subject', and a task with an empty subject helps no one.
 */
export function isValidCustomTaskSubject(subject: string | null | undefined): boolean {
  if (typeof subject !== 'string' || subject.trim() === '') return false;
  return bracesBalanced(subject) && tokensOf(subject).every((token) => allowedTokens.has(token));
}

function bracesBalanced(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '{') depth += 1;
    if (character === '}') {
      if (depth === 0) return false;
      depth -= 1;
    }
  }
  return depth === 0;
}

/** The names inside each {{ … }}, trimmed. */
export function tokensOf(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => (match[1] ?? '').trim());
}

/**
 * The snippets shown as help. E-mail sequencers (and no platform yet): every token but
 * from_name. The social tool: reading one of spec 01 §5, since its events carry neither a
 * subject nor a sequence number (see docs/decisions.md).
 */
export function customTaskSubjectSnippets(
  platform: Platform | null,
): readonly CustomTaskSubjectToken[] {
  if (platform && platformFacts[platform].kind === 'social-tool') {
    return [
      'os_sales_engagement_platform',
      'event_type',
      'from_name',
      'to_name',
      'campaign_name',
      'campaign_id',
      'lead_category_id',
      'lead_category_name',
    ];
  }
  return CUSTOM_TASK_SUBJECT_TOKENS.filter((token) => token !== 'from_name');
}
