import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from '@outsync/ui/overlay';

// The dialog code loads when a question is first asked: the tables do not need it to show.
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
