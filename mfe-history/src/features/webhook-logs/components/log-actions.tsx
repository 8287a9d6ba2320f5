import { useState } from 'react';
import type { WebhookLogAction, WebhookLogActionCount } from '@outsync/contracts/history';
import { Button, useToast } from '@outsync/ui';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import type { WebhookLogFilterQuery } from '../api/webhook-log-filters';
import { useRunWebhookLogAction, useWebhookLogActionCount } from '../api/webhook-log-actions';

/** The bulk actions' texts (beyond the spec: issue 29's bulk retry and release). */
export const logActionTexts = {
  retry: 'Retry all…',
  release: 'Release all…',
  counting: 'Counting...',
  retryTitle: (count: number, range: string) =>
    `Retry ${count} ${count === 1 ? 'event' : 'events'}${range}?`,
  releaseTitle: (count: number, range: string) =>
    `Release ${count} held ${count === 1 ? 'event' : 'events'}${range}?`,
  // The search's time range, in the viewer's time as they typed it.
  between: (from: string, to: string) => ` received between ${from} and ${to}`,
  since: (from: string) => ` received since ${from}`,
  before: (to: string) => ` received before ${to}`,
  retryText:
    'The failed and partially synced events these filters show are tried again. What earlier attempts wrote is kept and not written twice.',
  releaseText:
    'The held events these filters show are written to the CRM although their lead has not reached an approved category.',
  capped: (limit: number) =>
    ` This takes the oldest ${limit.toLocaleString('en-US')}; run it again for the rest.`,
  confirmRetry: 'Retry',
  confirmRelease: 'Release',
  cancel: 'Cancel',
  none: (action: WebhookLogAction) =>
    action === 'retry'
      ? 'No failed or partially synced events of yours under these filters.'
      : 'No held events of yours under these filters.',
  done: (action: WebhookLogAction, queued: number) =>
    action === 'retry'
      ? `${queued} ${queued === 1 ? 'event' : 'events'} queued again.`
      : `${queued} held ${queued === 1 ? 'event' : 'events'} released.`,
} as const;

const t = logActionTexts;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const pad = (value: number) => String(value).padStart(2, '0');

/** "28 Nov 2026 09:00" in the viewer's time: the minute the range's fields show. */
function minuteOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The time range in the question's words; '' without one. */
function rangeWords({ receivedFrom: from, receivedTo: to }: WebhookLogFilterQuery): string {
  if (from && to) return t.between(minuteOf(from), minuteOf(to));
  if (from) return t.since(minuteOf(from));
  return to ? t.before(minuteOf(to)) : '';
}

/** The action the Status filter offers: retry for failed or partially synced, release for held. */
export function actionForStatus(status: string | undefined): WebhookLogAction | null {
  if (status === 'failed' || status === 'partially_synced') return 'retry';
  if (status === 'held') return 'release';
  return null;
}

/**
 * "Retry all…" or "Release all…" under the search's filters: counts what it would take (the
 * caller's own events, an admin's anyone's), asks, then runs it.
 */
export function LogActions({ filters }: { filters: WebhookLogFilterQuery }) {
  const action = actionForStatus(filters.status);
  const count = useWebhookLogActionCount();
  const run = useRunWebhookLogAction();
  const toast = useToast();
  const [asking, setAsking] = useState<{
    action: WebhookLogAction;
    count: WebhookLogActionCount;
  } | null>(null);
  if (!action) return null;

  const start = () =>
    count.mutate(
      { action, filters },
      {
        onSuccess: (answer) => {
          if (answer.count === 0) toast.show({ severity: 'info', detail: t.none(action) });
          else setAsking({ action, count: answer });
        },
      },
    );
  const confirm = async () => {
    if (!asking) return;
    const answer = await run.mutateAsync({ action: asking.action, filters });
    setAsking(null);
    toast.show({ severity: 'success', detail: t.done(asking.action, answer.queued) });
  };

  const capped =
    asking && asking.count.count >= asking.count.limit ? t.capped(asking.count.limit) : '';
  // A div of its own: the screen's column stretches its children, the button keeps its width.
  return (
    <div>
      <Button $variant="secondary" onClick={start} disabled={count.isPending}>
        {count.isPending ? t.counting : action === 'retry' ? t.retry : t.release}
      </Button>
      <ConfirmOnDemand
        open={asking !== null}
        title={
          asking?.action === 'release'
            ? t.releaseTitle(asking.count.count, rangeWords(filters))
            : t.retryTitle(asking?.count.count ?? 0, rangeWords(filters))
        }
        text={`${asking?.action === 'release' ? t.releaseText : t.retryText}${capped}`}
        confirmLabel={asking?.action === 'release' ? t.confirmRelease : t.confirmRetry}
        cancelLabel={t.cancel}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
