import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { StepOutcomes } from './write-outcomes';

// An automatic reply (an out-of-office notice, an auto-responder: Instantly
// `auto_reply_received`, bison's automated replies) is not the lead answering. The reference maps
// Instantly's to no event at all, and written as a reply it would start the customer's reply
// workflows (a sequence stopped, a rep told to call). Neither writer writes one.

export const AUTOMATED_REPLY_MESSAGE =
  'Not synced: an automatic reply (out of office or an auto-responder) is not written to the CRM, so it does not count as the lead replying.';

/** Settles the automatic replies among `items` as deliberately not written. */
export function skipAutomatedReplies(
  items: readonly { id: string; event: Pick<CanonicalEvent, 'isAutomatedReply'> }[],
  outcomes: Pick<StepOutcomes, 'skip'>,
): void {
  const automated = items.filter((item) => item.event.isAutomatedReply).map((item) => item.id);
  if (automated.length > 0) outcomes.skip(automated, AUTOMATED_REPLY_MESSAGE);
}
