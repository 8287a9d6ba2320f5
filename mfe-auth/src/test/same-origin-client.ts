import type * as Contracts from '@outsync/contracts';

// A browser resolves the client's '/auth/...' paths against the page; jsdom's fetch and Request
// are Node's, which cannot. Give the module's plain client the page's origin, nothing else.
jest.mock('@outsync/contracts', () => {
  const actual = jest.requireActual<typeof Contracts>('@outsync/contracts');
  return {
    ...actual,
    createApiClient: (http?: Parameters<typeof actual.createApiClient>[0]) =>
      actual.createApiClient(http ?? { prefix: window.location.origin }),
  };
});
