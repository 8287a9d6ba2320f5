import { platformDisplayName, type Platform } from '@outsync/contracts';

/** The texts a backfill answers and shows (docs/decisions.md, "Backfill job (issue 34, item 3)"). */
export const backfillMessages = {
  rangeBackwards: 'The date range must start before it ends.',
  startsInFuture: 'The date range cannot start in the future.',
  tooLong: (days: number) => `A backfill reads at most ${days} days; choose a shorter range.`,
  duplicateCampaign: 'Each campaign can be chosen once.',
  running:
    'A backfill of this webhook is already running; wait for it to finish or cancel it first.',
  notFound: 'No such backfill of this webhook.',
  noApiKey: (platform: Platform) =>
    `Choose the ${platformDisplayName(platform)} API key to read past activity with.`,
  notKeyOfProfile: (platform: Platform) =>
    `Choose one of this webhook's profile's ${platformDisplayName(platform)} API keys.`,
  nothingToImport: (platform: Platform) =>
    `${platformDisplayName(platform)}'s API offers no history OutSync can import.`,
  webhookDeleted: 'The webhook was deleted; the backfill stopped.',
  keyDeleted: (platform: Platform) =>
    `The webhook's ${platformDisplayName(platform)} API key was deleted; the backfill stopped.`,
  unreadable: (platform: Platform) =>
    `${platformDisplayName(platform)} answered the history in a form OutSync cannot read; the backfill stopped.`,
  keyRefused: (platform: Platform) =>
    `${platformDisplayName(platform)} refused the API key; check it under API keys, then start the backfill again.`,
  campaignUnknown: (platform: Platform) =>
    `${platformDisplayName(platform)} does not know one of the campaigns (deleted, or of another account); choose the campaigns again.`,
  unreachable: (platform: Platform) =>
    `${platformDisplayName(platform)} did not answer; start the backfill again later (what is already imported is skipped).`,
  refused: (platform: Platform, detail: string | undefined) =>
    `${platformDisplayName(platform)} refused the history request${detail ? `: ${detail}` : '.'}`,
  unknownCampaigns: (platform: Platform, ids: readonly string[]) =>
    `${platformDisplayName(platform)} has no campaign ${ids.length === 1 ? 'with the id' : 'with the ids'} ${ids.join(', ')} for this API key; choose the campaigns again.`,
  listKeyRefused: (platform: Platform) =>
    `${platformDisplayName(platform)} refused the API key, so its campaigns cannot be listed; check the key under API keys.`,
  listFailed: (platform: Platform) =>
    `Could not read the campaigns from ${platformDisplayName(platform)}; try again in a moment.`,
  internal:
    'The backfill stopped on an unexpected error; start it again (what is already imported is skipped).',
} as const;
