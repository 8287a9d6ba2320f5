/**
 * A container inside an open shadow root, as the embedded module renders into; `remove()` takes
 * the host out of the page again.
 */
export function shadowRootContainer(): {
  shadow: ShadowRoot;
  container: HTMLDivElement;
  remove(): void;
} {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  return { shadow, container, remove: () => host.remove() };
}
