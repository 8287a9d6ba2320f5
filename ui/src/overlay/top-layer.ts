import { css } from 'styled-components';

/**
 * The Popover API's top layer, for overlays (a `popover="manual"` element): above everything
 * the page stacks, clipped by no scrolling ancestor, and, shown after a modal dialog it sits
 * inside, above that dialog. Where the API is missing (jsdom, old browsers) the element stays
 * where it is, fixed-positioned over the page; nothing else changes.
 */
function canPopover(element: HTMLElement): boolean {
  return typeof element.showPopover === 'function' && element.hasAttribute('popover');
}

function isShown(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

/** Shows the element in the top layer (no-op if it is already there). */
export function showInTopLayer(element: HTMLElement): void {
  if (!canPopover(element) || !element.isConnected || isShown(element)) return;
  element.showPopover();
}

export function hideFromTopLayer(element: HTMLElement): void {
  if (canPopover(element) && isShown(element)) element.hidePopover();
}

/**
 * Shows the element again as the newest (topmost) element of the top layer: above a dialog or a
 * menu that opened since it was shown.
 */
export function raiseInTopLayer(element: HTMLElement): void {
  hideFromTopLayer(element);
  showInTopLayer(element);
}

/**
 * Undoes the browser's popover look (a centred, bordered box on Canvas) for an overlay that
 * places itself with fixed coordinates (`placeAnchored`) and draws its own box.
 */
export const popoverReset = css`
  position: fixed;
  inset: auto;
  margin: 0;
  padding: 0;
  border: 0;
  overflow: visible;
  background: transparent;
  color: inherit;
`;
