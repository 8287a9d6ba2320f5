import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import styled, { css } from 'styled-components';

export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

export interface TooltipProps {
  /** The tip; it also describes the trigger (`aria-describedby`), so keep it short text. */
  content: ReactNode;
  /** One focusable element (a button, a link); it gets `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: TooltipPlacement;
  className?: string;
}

/**
 * The WAI-ARIA tooltip: shown while the trigger is hovered or focused, hidden on mouse leave,
 * blur or Escape. The tip stays in the DOM while hidden, so screen readers read the
 * description as soon as the trigger takes focus. Positioned with CSS, no library.
 */
export function Tooltip({ content, children, placement = 'top', className }: TooltipProps) {
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

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
      className={className}
      onMouseEnter={() => show(setHovered)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => show(setFocused)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <Tip role="tooltip" id={tipId} hidden={!open} $placement={placement}>
        {content}
      </Tip>
    </Anchor>
  );
}

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const gap = '6px';

const placements: Record<TooltipPlacement, ReturnType<typeof css>> = {
  top: css`
    bottom: calc(100% + ${gap});
    left: 50%;
    transform: translateX(-50%);
    &::before {
      top: 100%;
      left: 0;
      right: 0;
      height: ${gap};
    }
  `,
  bottom: css`
    top: calc(100% + ${gap});
    left: 50%;
    transform: translateX(-50%);
    &::before {
      bottom: 100%;
      left: 0;
      right: 0;
      height: ${gap};
    }
  `,
  left: css`
    right: calc(100% + ${gap});
    top: 50%;
    transform: translateY(-50%);
    &::before {
      left: 100%;
      top: 0;
      bottom: 0;
      width: ${gap};
    }
  `,
  right: css`
    left: calc(100% + ${gap});
    top: 50%;
    transform: translateY(-50%);
    &::before {
      right: 100%;
      top: 0;
      bottom: 0;
      width: ${gap};
    }
  `,
};

const Tip = styled.span<{ $placement: TooltipPlacement }>`
  position: absolute;
  z-index: 1100;
  width: max-content;
  max-width: 280px;
  padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2.5)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.sm};
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
  ${({ $placement }) => placements[$placement]}
`;
