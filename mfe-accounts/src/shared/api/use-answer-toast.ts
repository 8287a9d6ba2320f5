import { useEffect, useRef } from 'react';
import { useToast, type ToastInput } from '@outsync/ui';

/**
 * Shows the toast a query's answer calls for (a connected-account check that names a problem),
 * once per answer: not again on re-render, nor on StrictMode's second effect run.
 */
export function useAnswerToast<T>(
  query: { data: T | undefined; dataUpdatedAt: number },
  toToast: (answer: T) => ToastInput | null,
): void {
  const toast = useToast();
  const shownFor = useRef(0);
  const { data, dataUpdatedAt } = query;

  useEffect(() => {
    if (data === undefined || dataUpdatedAt === shownFor.current) return;
    shownFor.current = dataUpdatedAt;
    const input = toToast(data);
    if (input) toast.show(input);
  }, [data, dataUpdatedAt, toToast, toast]);
}
