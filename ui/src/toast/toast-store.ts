import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

/** Toast severities and their default summaries (spec 01 §8). */
export const toastSummaries = {
  info: 'Info',
  warn: 'Warning',
  error: 'Error',
  success: 'Success',
} as const;

export type ToastSeverity = keyof typeof toastSummaries;

/** Most toasts live 3000 ms; 0 keeps one until it is closed (spec 01 §9). */
export const DEFAULT_TOAST_LIFE_MS = 3000;

export interface ToastInput {
  severity: ToastSeverity;
  /** Defaults to the severity's summary ('Info', 'Warning', 'Error', 'Success'). */
  summary?: string;
  detail: string;
  /** Milliseconds; 0 = sticky. Default 3000. */
  life?: number;
}

export interface Toast extends Required<ToastInput> {
  id: number;
}

/**
 * The toasts on screen. It lives in the shared jotai store, so a remote's page shows its toasts
 * in the shell's viewport; a module running alone has its own.
 */
export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useMemo(
    () => ({
      show(input: ToastInput): number {
        const toast: Toast = {
          id: nextId++,
          severity: input.severity,
          summary: input.summary ?? toastSummaries[input.severity],
          detail: input.detail,
          life: input.life ?? DEFAULT_TOAST_LIFE_MS,
        };
        setToasts((toasts) => [...toasts, toast]);
        return toast.id;
      },
      dismiss(id: number) {
        setToasts((toasts) => toasts.filter((toast) => toast.id !== id));
      },
      clear() {
        setToasts([]);
      },
    }),
    [setToasts],
  );
}
