/**
 * The element that has the focus, inside however many open shadow roots: `activeElement` of
 * a document stops at a shadow root's host, so inside an embedded module (a shadow root in a
 * partner's page) it names the module's host element, not the control.
 */
export function deepActiveElement(root: Document = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The focused element, when it is one focus can be given back to. */
export function focusedElement(): HTMLElement | null {
  const active = deepActiveElement();
  return active instanceof HTMLElement ? active : null;
}
