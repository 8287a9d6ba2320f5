import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { UiProvider } from '../ui-provider';
import { SecretOnceDialog } from './secret-once-dialog';

const secret = 'osat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function renderDialog(onDone: () => void, note?: string) {
  render(
    <Provider>
      <UiProvider>
        <SecretOnceDialog
          title="API token CI"
          description="Copy this token now. It will not be shown again."
          secret={secret}
          secretLabel="The token"
          copyLabel="Copy token"
          copiedMessage="Copied the API token."
          doneLabel="Done"
          onDone={onDone}
        >
          {note}
        </SecretOnceDialog>
      </UiProvider>
    </Provider>,
  );
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

it('shows the secret once with its title, warning and note, copies it, and closes on Done', async () => {
  const writeText = jest.fn((_text: string) => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  const onDone = jest.fn();
  renderDialog(onDone, 'Send it with each request as: Authorization: Bearer <token>');

  const dialog = screen.getByRole('dialog', { name: 'API token CI' });
  expect(dialog.textContent).toContain('Copy this token now. It will not be shown again.');
  expect(screen.getByLabelText('The token').textContent).toBe(secret);
  expect(dialog.textContent).toContain(
    'Send it with each request as: Authorization: Bearer <token>',
  );

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy token' })));
  expect(writeText).toHaveBeenCalledWith(secret);
  expect(await screen.findByText('Copied the API token.')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(onDone).toHaveBeenCalledTimes(1);
});

it('shows no note when none is given', () => {
  renderDialog(() => undefined);
  const dialog = screen.getByRole('dialog', { name: 'API token CI' });
  expect(dialog.textContent).not.toContain('Bearer');
});
