import * as z from '@outsync/contracts/zod';
import { HISTORY_FIRST_PAGE } from '../catalog/history';
import { blankToUndefined } from './query-filters';

/**
 * The history screens' queries (spec 02 §2.9–2.11, §5 "History filters", §7 "History"). The
 * screens normalise before sending; the service applies the same rules, so a hand-written call
 * gets the same answer: e-mails lowercased and trimmed, ANY omitted, empty texts omitted, other
 * texts trimmed. Anything malformed or out of range is a 400 with a message, never a 500.
 *
 * Here is what every history list shares: its page, its count and its page of rows. Each
 * feature's queries and rows are next to its routes (`<feature>.schemas.ts`): webhook-events,
 * category-holds and block-lists; the filters they are built from are in query-filters.ts.
 */

/** The deepest page a list serves: 20 × 10,000 rows; a deeper page is a 400. */
export const HISTORY_MAX_PAGE = 10_000;

/** `page`, from 1 (spec 02 §9); absent means the first. */
export const HistoryPageSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int({ error: 'page must be a whole number from 1.' })
    .min(HISTORY_FIRST_PAGE, { error: 'page must be a whole number from 1.' })
    .max(HISTORY_MAX_PAGE, { error: `page must be at most ${HISTORY_MAX_PAGE}.` })
    .default(HISTORY_FIRST_PAGE),
);

/** GET …/count: `{totalItems}`; `capped` when the count stopped at the service's threshold. */
export const HistoryCountSchema = z.object({
  totalItems: z.number(),
  capped: z
    .boolean()
    .optional()
    .describe('True when there are at least totalItems (the count stopped there).'),
});
export type HistoryCount = z.infer<typeof HistoryCountSchema>;

/** A paginated response (spec 02 §3): page, limit, totalItems, data[]. */
export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    page: z.number(),
    limit: z.number(),
    totalItems: z.number(),
    data: z.array(item),
  });
}
