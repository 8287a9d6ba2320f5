import { useLayoutEffect, useRef } from 'react';
import { hideFromTopLayer, showInTopLayer } from './top-layer';

export type Side = 'top' | 'bottom' | 'left' | 'right';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface AnchoredOptions {
  /** Where it goes if it fits there; the opposite side otherwise, when that has more room. */
  side: Side;
  /** Along the side: centred on the anchor (a tip) or from its start edge (a menu). */
  align?: 'center' | 'start';
  /** Between the anchor and the overlay. */
  gap?: number;
  /** Kept free along the viewport's edges. */
  margin?: number;
}

export interface AnchoredPlacement {
  side: Side;
  top: number;
  left: number;
  /** The room on the chosen side, for an overlay that scrolls inside (a menu). */
  available: number;
}

const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

/**
 * Where an overlay of `size` goes next to `anchor`, in viewport coordinates (for
 * `position: fixed`): on `side` (flipped to the opposite side when it does not fit there and the
 * opposite has more room), then shifted along that side so that it stays inside the viewport.
 */
export function placeAnchored(
  anchor: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  { side: preferred, align = 'center', gap = 6, margin = 8 }: AnchoredOptions,
): AnchoredPlacement {
  const room: Record<Side, number> = {
    top: anchor.top - gap - margin,
    bottom: viewport.height - (anchor.top + anchor.height) - gap - margin,
    left: anchor.left - gap - margin,
    right: viewport.width - (anchor.left + anchor.width) - gap - margin,
  };
  const needed = preferred === 'top' || preferred === 'bottom' ? size.height : size.width;
  const flipped = opposite[preferred];
  const side = room[preferred] < needed && room[flipped] > room[preferred] ? flipped : preferred;

  if (side === 'top' || side === 'bottom') {
    const start = align === 'start' ? anchor.left : anchor.left + anchor.width / 2 - size.width / 2;
    return {
      side,
      top:
        side === 'bottom'
          ? anchor.top + anchor.height + gap
          : Math.max(margin, anchor.top - gap - size.height),
      left: clamp(start, margin, viewport.width - margin - size.width),
      available: room[side],
    };
  }
  const start = align === 'start' ? anchor.top : anchor.top + anchor.height / 2 - size.height / 2;
  return {
    side,
    top: clamp(start, margin, viewport.height - margin - size.height),
    left:
      side === 'right'
        ? anchor.left + anchor.width + gap
        : Math.max(margin, anchor.left - gap - size.width),
    available: room[side],
  };
}

/** The viewport without its scrollbars (the window's size where layout is not computed). */
function viewportSize(element: Element) {
  const root = element.ownerDocument.documentElement;
  const view = element.ownerDocument.defaultView;
  return {
    width: root.clientWidth || (view?.innerWidth ?? 0),
    height: root.clientHeight || (view?.innerHeight ?? 0),
  };
}

export interface AnchoredOverlayOptions extends AnchoredOptions {
  /** Gives the overlay the anchor's width (a select's menu). */
  matchWidth?: boolean;
  /** Caps the overlay's height to the room on its side, so that it scrolls inside (a menu). */
  fitHeight?: boolean;
}

interface Placing {
  open: boolean;
  anchor: HTMLElement | null;
  floating: HTMLElement | null;
  options: AnchoredOverlayOptions;
}

function place({ open, anchor, floating, options }: Placing) {
  if (!open || !anchor || !floating) return;
  const { matchWidth = false, fitHeight = false, ...placement } = options;
  const anchorBox = anchor.getBoundingClientRect();
  if (matchWidth) floating.style.width = `${anchorBox.width}px`;
  if (fitHeight) floating.style.maxHeight = '';
  const size = floating.getBoundingClientRect();
  const at = placeAnchored(anchorBox, size, viewportSize(floating), placement);
  if (fitHeight && size.height > at.available) {
    const height = Math.max(at.available, 0);
    floating.style.maxHeight = `${height}px`;
    if (at.side === 'top') at.top = anchorBox.top - (placement.gap ?? 6) - height;
  }
  floating.style.top = `${at.top}px`;
  floating.style.left = `${at.left}px`;
  floating.dataset.side = at.side;
}

/**
 * Shows `floating` (a `popover="manual"` overlay) in the top layer while `open` and keeps it
 * placed at `anchor`: on open, on every render, and when anything scrolls (in the page or in the
 * anchor's shadow root) or the window or either element is resized. Writes `top`/`left` (and
 * the width or `max-height` the options ask for) on the element, and the side it went to as
 * `data-side`.
 */
export function useAnchoredOverlay(
  open: boolean,
  anchor: HTMLElement | null,
  floating: HTMLElement | null,
  options: AnchoredOverlayOptions,
) {
  const latest = useRef<Placing>({ open, anchor, floating, options });

  // Into the top layer before measuring: a closed popover has no box.
  useLayoutEffect(() => {
    if (!open || !floating) return undefined;
    showInTopLayer(floating);
    return () => hideFromTopLayer(floating);
  }, [open, floating]);

  // Every render: the content (and so the size) may have changed.
  useLayoutEffect(() => {
    latest.current = { open, anchor, floating, options };
    place(latest.current);
  });

  useLayoutEffect(() => {
    if (!open || !anchor || !floating) return undefined;
    const update = () => place(latest.current);
    const view = anchor.ownerDocument.defaultView;
    const root = anchor.getRootNode();
    const scrollTargets: EventTarget[] = [view ?? anchor.ownerDocument];
    // Scroll events do not leave a shadow root: listen inside it as well.
    if (root !== anchor.ownerDocument) scrollTargets.push(root);
    for (const target of scrollTargets) {
      target.addEventListener('scroll', update, { capture: true, passive: true });
    }
    view?.addEventListener('resize', update);
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resizes?.observe(anchor);
    resizes?.observe(floating);
    return () => {
      for (const target of scrollTargets) {
        target.removeEventListener('scroll', update, { capture: true });
      }
      view?.removeEventListener('resize', update);
      resizes?.disconnect();
    };
  }, [open, anchor, floating]);
}
