import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { themeDeclarations } from '../theme/tokens';
import { UiProvider } from '../ui-provider';
import { useToast, type ToastInput } from './toast-store';

function Trigger({ toast }: { toast: ToastInput }) {
  const { show } = useToast();
  return <button onClick={() => show(toast)}>Notify</button>;
}

function renderTrigger(toast: ToastInput) {
  render(
    <Provider>
      <UiProvider>
        <Trigger toast={toast} />
      </UiProvider>
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test.each([
  ['info', 'Info', 'status'],
  ['warn', 'Warning', 'alert'],
  ['error', 'Error', 'alert'],
  ['success', 'Success', 'status'],
] as const)('a %s toast has the default summary %s', (severity, summary, role) => {
  renderTrigger({ severity, detail: 'Copied webhook URL.' });
  const toast = screen.getByRole(role);
  expect(toast.textContent).toContain(summary);
  expect(toast.textContent).toContain('Copied webhook URL.');
});

test('a toast leaves after 3000 ms by default', () => {
  renderTrigger({ severity: 'success', detail: 'Created webhook' });
  act(() => jest.advanceTimersByTime(2999));
  expect(screen.queryByText('Created webhook')).not.toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Created webhook')).toBeNull();
});

test('life 0 keeps a toast until it is closed; its summary can be set', () => {
  renderTrigger({ severity: 'error', summary: 'JSON Error', detail: 'Bad', life: 0 });
  act(() => jest.advanceTimersByTime(60_000));
  const toast = screen.getByRole('alert');
  expect(toast.textContent).toContain('JSON Error');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the toasts start at the toast-offset-top token: 16px unless the host sets it', () => {
  renderTrigger({ severity: 'info', detail: 'Synced.' });
  const region = screen.getByRole('region', { name: 'Notifications' });
  expect(within(region).getByRole('status').textContent).toContain('Synced.');
  expect(getComputedStyle(region).top).toBe('var(--os-toast-offset-top)');
  expect(themeDeclarations('light')).toContain(
    '--os-toast-offset-top: var(--outsync-toast-offset-top, 16px);',
  );
});
