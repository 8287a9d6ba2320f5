import { useAtomValue } from 'jotai';
import { theme } from '../theme/theme';
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { innermostModal, useOpenLayers } from '../overlay/layers';
import { popoverReset, raiseInTopLayer } from '../overlay/top-layer';
import { toastsAtom, useToast, type Toast, type ToastSeverity } from './toast-store';

/**
 * Renders the toasts in the top right corner; one per app root (the shell, or a module running
 * alone). A host with a header over that corner moves them below it: `--outsync-toast-offset-top`.
 *
 * The toasts follow the layer model (ui/README.md, "Overlays"): the viewport is a
 * `popover="manual"` element in the top layer, shown again (so topmost) whenever the open layers
 * or the toasts change. While a modal dialog of its root (the document, or the embed's shadow
 * root) is open, it renders into that dialog's slot: a modal dialog makes everything outside it
 * inert, even what shows above it, so toasts outside it could neither be clicked nor closed.
 */
export function ToastViewport() {
  const toasts = useAtomValue(toastsAtom);
  const layers = useOpenLayers();
  // Where the viewport lives when no dialog is open; its root is the one dialogs are looked for in.
  const [home, setHome] = useState<HTMLElement | null>(null);
  const modal = home ? innermostModal(layers, home.getRootNode()) : undefined;
  const [region, setRegion] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    if (region) raiseInTopLayer(region);
  }, [region, layers, toasts]);

  const viewport = (
    <Region ref={setRegion} popover="manual" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Region>
  );
  return (
    <>
      <Home ref={setHome} hidden />
      {modal?.slot ? createPortal(viewport, modal.slot) : viewport}
    </>
  );
}

/**
 * When each toast leaves, kept apart from the items: an item mounts again when the viewport
 * moves into or out of a dialog, and its time must not start over.
 */
const deadlines = new WeakMap<Toast, number>();

function ToastItem({ toast }: { toast: Toast }) {
  const { dismiss } = useToast();
  useEffect(() => {
    if (toast.life <= 0) return undefined;
    let deadline = deadlines.get(toast);
    if (deadline === undefined) {
      deadline = Date.now() + toast.life;
      deadlines.set(toast, deadline);
    }
    const timer = setTimeout(() => dismiss(toast.id), Math.max(deadline - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [toast, dismiss]);

  return (
    <Item
      role={toast.severity === 'error' || toast.severity === 'warn' ? 'alert' : 'status'}
      $severity={toast.severity}
      data-severity={toast.severity}
    >
      <Text>
        <strong>{toast.summary}</strong>
        <Detail>{toast.detail}</Detail>
      </Text>
      {/* Not 'Close': inside a dialog it sits beside the dialog's own Close button. */}
      <Close type="button" aria-label={DISMISS_LABEL} onClick={() => dismiss(toast.id)}>
        ×
      </Close>
    </Item>
  );
}

/** The × button's accessible name. */
const DISMISS_LABEL = 'Dismiss notification';

const Home = styled.span`
  display: none;
`;

const Region = styled.section`
  ${popoverReset}
  top: ${theme.toastOffsetTop};
  right: ${theme.space(4)};
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  width: min(380px, calc(100vw - 32px));
`;

const accents: Record<ToastSeverity, string> = {
  info: '#2563eb',
  warn: '#d97706',
  error: '#b91c1c',
  success: '#15803d',
};

const Item = styled.div<{ $severity: ToastSeverity }>`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: 0 6px 20px rgb(0 0 0 / 12%);
  ${({ $severity }) => css`
    border-left: 4px solid ${accents[$severity]};
  `}
`;

const Text = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

const Detail = styled.span`
  white-space: pre-wrap;
  word-break: break-word;
`;

const Close = styled.button`
  border: 0;
  background: none;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  color: ${theme.colors.inkMuted};
`;
