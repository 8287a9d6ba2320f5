// The error descriptions the history area's route files share. Not part of the area's entry.

export const reading = {
  400: 'A malformed or out-of-range filter or page; the message names it (`validation_error`).',
  401: 'Not signed in (`unauthorized`).',
} as const;
export const staffFilters = {
  403: 'A customer sent a filter only managers and admins have: User, Webhook ID, Webhook URL, Hub ID (`forbidden`).',
} as const;
