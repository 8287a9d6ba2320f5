import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import styled, { css } from 'styled-components';
import { toastsAtom, useToast, type Toast, type ToastSeverity } from './toast-store';

/**
 * Renders the toasts in the top right corner; one per app root (the shell, or a module running
 * alone). A host with a header over that corner moves them below it: `--outsync-toast-offset-top`.
 */
export function ToastViewport() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <Region aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Region>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { dismiss } = useToast();
  useEffect(() => {
    if (toast.life <= 0) return undefined;
    const timer = setTimeout(() => dismiss(toast.id), toast.life);
    return () => clearTimeout(timer);
  }, [toast.id, toast.life, dismiss]);

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
      <Close type="button" aria-label="Close" onClick={() => dismiss(toast.id)}>
        ×
      </Close>
    </Item>
  );
}

const Region = styled.section`
  position: fixed;
  top: ${({ theme }) => theme.toastOffsetTop};
  right: ${({ theme }) => theme.space(4)};
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
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
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 6px 20px rgb(0 0 0 / 12%);
  ${({ $severity }) => css`
    border-left: 4px solid ${accents[$severity]};
  `}
`;

const Text = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
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
  color: ${({ theme }) => theme.colors.inkMuted};
`;
