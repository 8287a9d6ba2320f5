import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { usePageScrollLock } from './page-scroll-lock';
import { focusedElement } from './focused-element';
import { innermostLayerInside, openLayer } from './layers';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps {
  open: boolean;
  /** Asked to close: the X, Escape or a click on the backdrop. The caller sets `open` false. */
  onClose: () => void;
  /** The heading; it names the dialog. */
  title: ReactNode;
  /** A line under the title; it describes the dialog. */
  description?: ReactNode;
  children?: ReactNode;
  /** The actions row at the bottom (e.g. Cancel and Save). */
  footer?: ReactNode;
  size?: DialogSize;
  /** Takes the focus on open; by default the first focusable control of the content. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The X button's accessible name. */
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` with `showModal()`: the browser makes the rest of the
 * page inert, shows the backdrop and puts the dialog in the top layer, for no library bytes. It
 * renders in place (no portal), so it inherits the theme's CSS variables; its content mounts on
 * open and unmounts on close, so each opening starts fresh. While it is open, the page behind it
 * does not scroll.
 *
 * It is a modal layer of the layer model (ui/README.md, "Overlays"): the toasts move into its
 * slot while it is the innermost modal, so they show above it and stay usable; Escape (and the
 * browser's close request) first closes what is open inside it (a select's list, a tooltip),
 * and closes the dialog only when nothing is.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  closeLabel = 'Close',
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Where focus goes back to on close, read before this dialog's content can take the focus.
  const [returnFocusTo] = useState(focusedElement);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  // A click closes only if the press also began on the backdrop (not a drag out of a text field).
  const pressedOnBackdrop = useRef(false);
  // Inert is not still: the wheel or a swipe over the backdrop would scroll the page behind.
  usePageScrollLock();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // showModal() focuses the first focusable (the X) itself; we choose, unless a control of
    // the content took the focus while rendering (autoFocus).
    const contentHasFocus = dialog.contains(focusedElement());
    showModal(dialog);
    // After showModal: overlays that follow the innermost modal then show above it.
    const closeLayer = openLayer({
      kind: 'modal',
      element: dialog,
      slot: slotRef.current ?? undefined,
      dismiss: () => onCloseRef.current(),
    });
    if (!contentHasFocus) {
      const target =
        initialFocus?.current ?? (contentRef.current && firstFocusable(contentRef.current));
      (target ?? dialog).focus();
    }
    // The browser closes the dialog itself when it may not cancel the request (e.g. repeated
    // Escape without user activation): tell the caller, so its state follows.
    // The event comes a task later: one from a close() of ours (StrictMode's second effect run
    // follows it) finds the dialog open again, and is not the browser's.
    const onNativeClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      closeLayer();
      closeModal(dialog);
      // Explicitly, as not every browser restores focus when a dialog closes.
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [initialFocus, returnFocusTo]);

  /** Escape or a close request: the innermost thing open inside closes, else the dialog. */
  const closeInnermost = () => {
    const inner = dialogRef.current && innermostLayerInside(dialogRef.current);
    if (inner) inner.dismiss?.();
    else onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A control inside (a select's menu, a tooltip) that handled Escape prevents the default.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Prevented, so the browser fires no `cancel` and the caller's state decides.
    event.preventDefault();
    closeInnermost();
  };

  return (
    <DialogBox
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      tabIndex={-1}
      $size={size}
      className={className}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Other close requests (e.g. Android's back gesture): prevented, and like Escape.
        event.preventDefault();
        closeInnermost();
      }}
      onMouseDown={(event: MouseEvent<HTMLDialogElement>) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event: MouseEvent<HTMLDialogElement>) => {
        // The panel fills the dialog box, so only the backdrop targets the dialog itself.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <Panel>
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        </Header>
        <div ref={contentRef}>
          {description ? <Description id={descriptionId}>{description}</Description> : null}
          {children ? <Body>{children}</Body> : null}
          {footer ? <Footer>{footer}</Footer> : null}
        </div>
      </Panel>
      {/* Where the toasts render while this is the innermost modal (toast-viewport.tsx). */}
      <LayerSlot ref={slotRef} data-outsync-layer-slot="" />
    </DialogBox>
  );
}

// jsdom has no showModal/close: the `open` attribute stands in, so component tests can run.
function showModal(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function firstFocusable(root: HTMLElement): HTMLElement | null {
  const candidates = root.querySelectorAll<HTMLElement>(focusableSelector);
  return Array.from(candidates).find((element) => element.closest('[hidden]') === null) ?? null;
}

const widths: Record<DialogSize, string> = { sm: '400px', md: '560px', lg: '800px' };

const DialogBox = styled.dialog<{ $size: DialogSize }>`
  width: min(${({ $size }) => widths[$size]}, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  padding: 0;
  /* The panel scrolls, so a click on its scrollbar is not a click on the backdrop. */
  overflow: hidden;
  &[open] {
    display: flex;
    flex-direction: column;
  }
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusLarge};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.ink};
  box-shadow: 0 20px 50px ${theme.colors.backdrop};
  &::backdrop {
    background: ${theme.colors.backdrop};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;

const LayerSlot = styled.div`
  display: contents;
`;

const Panel = styled.div`
  min-height: 0;
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  padding: ${theme.space(6)};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space(3)};
`;

const Title = styled.h2`
  flex: 1;
  /* A long unbroken word (an API key's description) wraps instead of pushing × out of view. */
  min-width: 0;
  overflow-wrap: anywhere;
  margin: 0;
  font-size: ${theme.font.size.lg};
  line-height: 1.35;
`;

const CloseButton = styled.button`
  flex: none;
  width: 32px;
  height: 32px;
  margin: calc(-1 * ${theme.space(1)}) calc(-1 * ${theme.space(2)}) 0 0;
  border: 0;
  border-radius: ${theme.radius};
  background: none;
  font-size: 22px;
  line-height: 1;
  color: ${theme.colors.inkMuted};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceHover};
    color: ${theme.colors.ink};
  }
`;

const Description = styled.p`
  margin: 0 0 ${theme.space(4)};
  color: ${theme.colors.inkMuted};
  line-height: 1.5;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(6)};
`;
