import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

type DisclosureLabel =
  /** One label for both states (it may itself depend on `open`). */
  | { label: ReactNode; labels?: never }
  /** A label per state, e.g. 'Hide advanced settings' / 'Display advanced settings'. */
  | { labels: { open: ReactNode; closed: ReactNode }; label?: never };

export type DisclosureProps = DisclosureLabel & {
  /** Controlled: whether the content shows. Leave out for an uncontrolled disclosure. */
  open?: boolean;
  /** Uncontrolled: whether the content shows at first. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  className?: string;
};

/**
 * The WAI-ARIA disclosure: a button (`aria-expanded`, `aria-controls`) that shows or hides the
 * content below it. Hidden content stays mounted (`hidden`), so what was typed there survives.
 */
export function Disclosure({
  open: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  children,
  className,
  ...labelling
}: DisclosureProps) {
  const contentId = useId();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const spacePressed = useRef(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const label = labelling.labels
    ? open
      ? labelling.labels.open
      : labelling.labels.closed
    : labelling.label;

  const toggle = () => {
    if (controlledOpen === undefined) setUncontrolledOpen(!open);
    onOpenChange?.(!open);
  };

  // Keys are handled here, not left to the native click: the same in every browser, and the
  // prevented default stops the native click, so one press toggles once.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (event.key === ' ') spacePressed.current = true;
    else if (!event.repeat) toggle();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Like a native button: Space acts when released, if it was pressed here.
    if (event.key !== ' ' || !spacePressed.current) return;
    spacePressed.current = false;
    toggle();
  };

  return (
    <div className={className}>
      <Toggle
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={toggle}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      >
        <Chevron aria-hidden="true" $open={open} />
        {label}
      </Toggle>
      <Content id={contentId} hidden={!open}>
        {children}
      </Content>
    </div>
  );
}

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  padding: ${theme.space(1)} 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.brandText};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.brandDark};
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  width: 8px;
  height: 8px;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: ${({ $open }) => ($open ? 'translateY(-2px) rotate(45deg)' : 'rotate(-45deg)')};
  transition: transform 120ms;
`;

const Content = styled.div`
  padding-top: ${theme.space(3)};
  &[hidden] {
    display: none;
  }
`;
