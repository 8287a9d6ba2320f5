import type { ActivityEventType } from '@outsync/contracts';

/** How each event type is named in the "not imported" sentence (plural, lower case). */
const EVENT_NOUNS: Record<ActivityEventType, string> = {
  EMAIL_SENT: 'sent e-mails',
  EMAIL_OPEN: 'opens',
  EMAIL_REPLY: 'replies',
  EMAIL_LINK_CLICK: 'clicks',
  EMAIL_BOUNCE: 'bounces',
  LEAD_CATEGORY_UPDATED: 'category changes',
  LEAD_UNSUBSCRIBED: 'unsubscribes',
  CONNECTION_REQUEST_SENT: 'connection requests',
  CONNECTION_REQUEST_ACCEPTED: 'accepted connections',
  MESSAGE_SENT: 'sent messages',
  REPLY_RECEIVED: 'replies',
  FOLLOW_SENT: 'follows',
  LIKED_POST: 'likes',
  VIEWED_PROFILE: 'profile views',
};

/** "a, b or c" / "a and b". */
function listOf(types: readonly ActivityEventType[], last: 'and' | 'or'): string {
  const nouns = [...new Set(types.map((type) => EVENT_NOUNS[type]))];
  if (nouns.length <= 1) return nouns.join('');
  return `${nouns.slice(0, -1).join(', ')} ${last} ${nouns.at(-1) ?? ''}`;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The import dialog's texts (issue 34, item 3; ours: the spec has no backfill). The service's
 * refusals (400, 409 `backfill_running`, 422) are shown as it words them.
 */
export const backfillTexts = {
  open: 'Import past activity',
  title: ({ firstName, lastName }: { firstName: string; lastName: string }) =>
    `Import past activity: ${firstName} ${lastName}'s webhook`,
  intro: (platform: string) =>
    `OutSync reads ${platform}'s history for the dates and campaigns you choose and syncs each past event this webhook has not synced yet. Events it already synced are skipped.`,
  notImported: (
    platform: string,
    notAvailable: readonly ActivityEventType[],
    rebuilds: readonly ActivityEventType[],
  ) =>
    notAvailable.length === 0
      ? `Everything ${platform}'s history holds is imported: ${listOf(rebuilds, 'and')}.`
      : `${platform}'s API keeps no time for ${listOf(notAvailable, 'or')}, so these are not imported; ${listOf(rebuilds, 'and')} are.`,
  loading: 'Loading past imports',
  loadingCampaigns: 'Loading campaigns…',
  noKey: (platform: string) =>
    `Past activity is read with a ${platform} API key, and this webhook's profile has none. Add one to the profile, then import.`,
  apiKey: 'API key',
  apiKeyHelp: 'The key whose campaigns are read.',
  from: 'From',
  to: 'To',
  rangeHelp: 'At most 366 days, up to today.',
  campaigns: 'Campaigns',
  campaignsHelp: 'Up to 50 campaigns.',
  campaignsPlaceholder: 'Choose campaigns…',
  noCampaigns: 'No campaigns found',
  removeCampaign: (name: string) => `Remove ${name}`,
  start: 'Start import',
  starting: 'Starting…',
  // Checked before asking the service (it checks the same).
  fromRequired: 'Choose the first day to import.',
  toRequired: 'Choose the last day to import.',
  backwards: 'The date range must start before it ends.',
  future: 'The date range cannot end after today.',
  tooLong: 'An import reads at most 366 days; choose a shorter range.',
  noCampaignChosen: 'Choose at least one campaign.',
  tooManyCampaigns: 'Choose at most 50 campaigns.',
  // Progress.
  range: (from: string, to: string, campaigns: number) =>
    `${from} to ${to}, ${plural(campaigns, 'campaign', 'campaigns')}`,
  progress: 'Import progress',
  status: {
    queued: 'Waiting to start…',
    running: 'Importing past activity…',
    paused: (platform: string, until: string) =>
      `Paused for ${platform}'s rate limit until ${until}.`,
    completed: 'Import complete.',
    cancelled: 'Import cancelled. What was imported before is still synced.',
    failed: (error: string) => `Import failed: ${error}`,
    cancelling: 'Stopping after the page being read…',
  },
  campaignOf: (campaign: number, campaigns: number) => `Campaign ${campaign} of ${campaigns}`,
  eventsFound: 'Past events found',
  queued: 'Queued for sync',
  skipped: 'Skipped, already synced',
  pagesRead: 'Pages read',
  eta: (time: string) => `Expected to finish around ${time}.`,
  summary: (queued: number, skipped: number) =>
    `Imported ${plural(queued, 'past event', 'past events')}; ${plural(skipped, 'was', 'were')} already synced and skipped.`,
  cancel: 'Cancel import',
  cancelTitle: 'Cancel this import?',
  cancelText:
    'It stops after the page it is reading; the events already imported are still synced.',
  keepImporting: 'Keep importing',
  another: 'Start another import',
} as const;
