import { screen, within } from '@testing-library/react';

/** The toast that shows `text` (found inside the toasts' region), with its severity and summary. */
export async function findToast(text: string) {
  const region = within(screen.getByRole('region', { name: 'Notifications' }));
  const detail = await region.findByText(text);
  const toast = detail.closest<HTMLElement>('[data-severity]');
  if (!toast) throw new Error(`"${text}" is not in a toast`);
  return {
    severity: toast.dataset.severity,
    summary: toast.querySelector('strong')?.textContent,
  };
}
