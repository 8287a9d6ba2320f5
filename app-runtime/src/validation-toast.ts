import type { ToastInput } from '@outsync/ui';

/** Validation messages are warning toasts summarised 'Validation', for 3 s (spec 01 §5, §8; spec 02 §5). */
export const VALIDATION_SUMMARY = 'Validation';
export const VALIDATION_TOAST_LIFE_MS = 3000;

/** The toast a form shows for a rule it refuses, before or instead of calling the service. */
export function validationToast(detail: string): ToastInput {
  return { severity: 'warn', summary: VALIDATION_SUMMARY, detail, life: VALIDATION_TOAST_LIFE_MS };
}
