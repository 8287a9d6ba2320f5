import type { ApiTokenExpiryDays, ApiTokenScope } from '@outsync/contracts/accounts';

/** What the screen calls each scope and lifetime (issue 34, item 5; ours). */
export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  'read-only': 'Read only',
  'read-write': 'Read and write',
};

export const apiTokenExpiryLabel = (days: ApiTokenExpiryDays) => `${days} days`;
