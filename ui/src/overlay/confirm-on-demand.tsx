import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

// The dialog's code loads when a question is first asked: no screen needs it to show its table,
// and it keeps each screen's first load a few KB further under budget.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** ConfirmDialog (No/Yes, the X), its code loaded the first time it opens. */
export function ConfirmOnDemand(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
