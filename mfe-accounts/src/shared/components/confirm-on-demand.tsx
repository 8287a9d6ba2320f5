import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from '@outsync/ui/overlay';

// The overlay entry (dialog, confirm) loads when a question is first asked: no screen needs it
// to show its table, and it keeps each screen's first load a few KB further under budget.
const ConfirmDialog = lazy(() =>
  import('@outsync/ui/overlay').then((module) => ({ default: module.ConfirmDialog })),
);

/** `@outsync/ui/overlay`'s ConfirmDialog (No/Yes, the X), loaded the first time it opens. */
export function ConfirmOnDemand(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
