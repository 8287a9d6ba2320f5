/** History lists are paged 20 at a time, from page 1 (spec 02 §9). */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_FIRST_PAGE = 1;

/** The event-type filter value meaning "no filter" (spec 02 §9). */
export const ANY_EVENT_TYPE = 'ANY';
