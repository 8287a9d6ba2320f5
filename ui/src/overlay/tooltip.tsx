import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { useAnchoredOverlay } from './anchored-position';
import { useLayer } from './layers';
import { popoverReset } from './top-layer';

export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

export interface TooltipProps {
  /** The tip; it also describes the trigger (`aria-describedby`), so keep it short text. */
  content: ReactNode;
  /** One focusable element (a button, a link); it gets `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** The side it prefers; it flips to the other side, and shifts along, to stay in view. */
  placement?: TooltipPlacement;
  className?: string;
}

/**
 * The WAI-ARIA tooltip: shown while the trigger is hovered or focused, hidden on mouse leave,
 * blur or Escape. The tip stays in the DOM while hidden, so screen readers read the
 * description as soon as the trigger takes focus. It shows in the top layer (ui/README.md,
 * "Overlays"): above a dialog or a table's scroll box, placed next to the trigger and kept
 * inside the viewport (flipped and shifted at its edges). While it shows, the first Escape is
 * its own, also inside a dialog.
 */
export function Tooltip({ content, children, placement = 'top', className }: TooltipProps) {
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);
  const [tip, setTip] = useState<HTMLSpanElement | null>(null);
  useLayer('popup', tip, open, { dismiss: () => setDismissed(true) });
  useAnchoredOverlay(open, anchor, tip, { side: placement, gap: tipGap });

  // Escape also hides a tip shown by hovering while the focus is elsewhere (WCAG 1.4.13).
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const show = (set: (value: boolean) => void) => {
    setDismissed(false);
    set(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled: a dialog around the trigger stays open.
    event.preventDefault();
    setDismissed(true);
  };

  const describedBy = [children.props['aria-describedby'], tipId].filter(Boolean).join(' ');

  return (
    <Anchor
      ref={setAnchor}
      className={className}
      onMouseEnter={() => show(setHovered)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => show(setFocused)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <Tip ref={setTip} role="tooltip" id={tipId} popover="manual" hidden={!open}>
        {content}
      </Tip>
    </Anchor>
  );
}

const Anchor = styled.span`
  display: inline-flex;
`;

/** Between the trigger and the tip, in pixels. */
const tipGap = 6;

const Tip = styled.span`
  ${popoverReset}
  z-index: 1100;
  width: max-content;
  max-width: min(280px, calc(100vw - 16px));
  padding: ${theme.space(1.5)} ${theme.space(2.5)};
  border-radius: ${theme.radius};
  background: ${theme.colors.ink};
  color: ${theme.colors.surface};
  font-size: ${theme.font.size.sm};
  font-weight: 400;
  line-height: 1.4;
  text-align: left;
  white-space: normal;
  pointer-events: auto;
  &[hidden] {
    display: none;
  }
  /* Bridges the gap to the trigger, so the pointer can move onto the tip (WCAG 1.4.13). */
  &::before {
    content: '';
    position: absolute;
  }
  &[data-side='top']::before {
    top: 100%;
    left: 0;
    right: 0;
    height: ${tipGap}px;
  }
  &[data-side='bottom']::before {
    bottom: 100%;
    left: 0;
    right: 0;
    height: ${tipGap}px;
  }
  &[data-side='left']::before {
    left: 100%;
    top: 0;
    bottom: 0;
    width: ${tipGap}px;
  }
  &[data-side='right']::before {
    right: 100%;
    top: 0;
    bottom: 0;
    width: ${tipGap}px;
  }
`;
