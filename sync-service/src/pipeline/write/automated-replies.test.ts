// Automatic replies are not written by either writer (automated-replies.ts).
import { AUTOMATED_REPLY_MESSAGE, skipAutomatedReplies } from './automated-replies';
import { createWriteOutcomes } from './write-outcomes';

describe('skipAutomatedReplies', () => {
  it('settles the automatic replies as not written, with the reason, and leaves the rest open', () => {
    const outcomes = createWriteOutcomes();
    const items = [
      { id: 'auto', event: { isAutomatedReply: true } },
      { id: 'reply', event: { isAutomatedReply: false } },
    ];

    skipAutomatedReplies(items, outcomes);

    expect(outcomes.isOpen({ id: 'reply' })).toBe(true);
    expect(Object.fromEntries(outcomes.finish(items))).toEqual({
      auto: {
        kind: 'skipped',
        message:
          'Not synced: an automatic reply (out of office or an auto-responder) is not written to the CRM, so it does not count as the lead replying.',
      },
      reply: { kind: 'written' },
    });
    expect(AUTOMATED_REPLY_MESSAGE).toMatch(/^Not synced: /);
  });
});
