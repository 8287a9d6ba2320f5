import { formatUsDateTime } from '@outsync/ui/data';

/** Texts every history screen shows (spec 02 §2.9–2.11, §8 "Empty and loading states"). */
export const historyTexts = {
  loading: 'Loading...',
  totalLoading: 'Total results: Loading...',
  total: (count: number) => `Total results: ${count}`,
  // Beyond the spec: a count the service stopped at its threshold.
  totalCapped: (count: number) => `Total results: ${count}+`,
  cappedNote: (count: number) =>
    `The count stops at ${count}: there are at least this many results.`,
  empty: 'No results found.',
  loadMoreFailed: 'The next results could not be loaded.',
  tryAgain: 'Try again',
  emptyCell: '-',
  // Beyond the spec (issue 31, item 4): filters the service refused were not searched.
  notSearched: 'Not searched: the results below are from the previous search.',
} as const;

/** A date and time in US format, in the viewer's time zone. */
export function dateTime(iso: string | null): string {
  if (!iso) return historyTexts.emptyCell;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatUsDateTime(date);
}
