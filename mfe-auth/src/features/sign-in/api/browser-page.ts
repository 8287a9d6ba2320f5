/**
 * The page reload the spec asks for after a 403 (a stale CSRF cookie). Behind an object so tests
 * can replace it: jsdom implements no navigation.
 */
export const browserPage = {
  reload(): void {
    window.location.reload();
  },
};
