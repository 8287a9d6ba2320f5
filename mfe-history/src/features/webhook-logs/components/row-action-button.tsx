import type { WebhookLog } from '@outsync/contracts/history';
import { BusyButton } from '@outsync/ui/form';
import { rowActionTexts, useRowAction, type RowAction } from '../api/row-actions';

/**
 * Retry on a failed or partially synced row, Release on a held one, where the caller may act on
 * it; busy while the event it queued runs. On the row and in its Payload dialog, named with the
 * event's id (a list has many).
 */
export function RowActionButton({ row, action }: { row: WebhookLog; action: RowAction }) {
  const run = useRowAction(action, row.id);
  const running = run.isPending;
  const offered = action === 'retry' ? row.canRetry : row.canRelease;
  if (!offered && !running) return null;
  const texts = rowActionTexts[action];
  return (
    <BusyButton
      variant="secondary"
      busy={running}
      busyLabel={texts.busy}
      aria-label={running ? undefined : `${texts.label} ${row.id}`}
      onClick={() => run.mutate()}
    >
      {texts.label}
    </BusyButton>
  );
}
