/** Full page loads, behind one seam so component tests can observe them (jsdom cannot navigate). */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
