/**
 * Full-page navigation to another site (a CRM's OAuth authorize page). Behind an object so tests
 * can replace it: jsdom implements no navigation.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.href = url;
  },
};
