import { useCallback, useState } from 'react';
import { isApiError, ValidationErrorDetailsSchema } from '@outsync/contracts';

/** One search: the filters as sent and its number (searching again starts a fresh list). */
export interface FilterSearch<Filters> {
  filters: Filters;
  run: number;
}

/**
 * What the service said about filters it refused (a 400): its message for each filter it named,
 * by the query's key, and the message of the refusal when it named none the screen shows.
 */
export interface FilterRefusal {
  fields: Readonly<Record<string, string>>;
  message: string | null;
}

/** A 400 (the service's `validation_error`): the filters as sent are wrong, not the service. */
export function isFilterRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 400;
}

/** Refusals a screen shows in place, under the filters: they need no toast. */
const toldInPlace = new WeakSet<object>();

/** True for a refusal a screen's search showed in place (`meta.errorToast.unless`). */
export function isToldInPlace(error: unknown): boolean {
  return typeof error === 'object' && error !== null && toldInPlace.has(error);
}

/** The refusal of `error`, its issues placed under the filters of `shown` (query keys). */
export function filterRefusalOf(error: unknown, shown: readonly string[]): FilterRefusal {
  const message = isApiError(error) ? error.message : '';
  const details = ValidationErrorDetailsSchema.safeParse(isApiError(error) ? error.details : null);
  const fields: Record<string, string> = {};
  for (const issue of details.success ? details.data.issues : []) {
    const key = issue.path[0];
    if (issue.in !== 'query' || typeof key !== 'string' || !shown.includes(key)) continue;
    fields[key] ??= issue.message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : message };
}

interface SearchState<Filters> {
  active: FilterSearch<Filters>;
  /** The last search the service answered: what a refused search goes back to. */
  accepted: FilterSearch<Filters>;
  refusal: FilterRefusal | null;
}

/**
 * A history screen's search (issue 31, item 4). `run(filters)` starts a new search from page 1;
 * every call of the search goes through `guard`. When the service refuses the filters (a 400),
 * the screen goes back to the last search it answered (its results are still cached, so they
 * show again at once) and `refusal` holds the service's message for the filters it named.
 * The next search clears it. The opening search has nothing to go back to: its refusal is a
 * failed load like any other.
 */
export function useFilterSearch<Filters>(initial: Filters, shown: readonly string[]) {
  const [state, setState] = useState<SearchState<Filters>>(() => {
    const first = { filters: initial, run: 0 };
    return { active: first, accepted: first, refusal: null };
  });
  const shownKey = shown.join('\n');

  const run = useCallback((filters: Filters) => {
    setState((current) => ({
      ...current,
      active: { filters, run: current.active.run + 1 },
      refusal: null,
    }));
  }, []);

  /** Settles `call`, made for `search`, telling the search whether the service took it. */
  const guard = useCallback(
    <T>(search: FilterSearch<Filters>, call: Promise<T>): Promise<T> =>
      call.then(
        (answer) => {
          setState((current) =>
            current.active === search && current.accepted !== search
              ? { ...current, accepted: search }
              : current,
          );
          return answer;
        },
        (error: unknown) => {
          if (search.run > 0 && isFilterRefusal(error)) {
            toldInPlace.add(error as object);
            const refusal = filterRefusalOf(error, shownKey.split('\n'));
            setState((current) =>
              current.active === search
                ? { active: current.accepted, accepted: current.accepted, refusal }
                : current,
            );
          }
          throw error;
        },
      ),
    [shownKey],
  );

  return {
    /** The search the screen shows. */
    search: state.active,
    run,
    guard,
    refusal: state.refusal,
    /** The service's message for one filter (its query key), or undefined. */
    refusedField: (key: string): string | undefined => state.refusal?.fields[key],
  };
}
