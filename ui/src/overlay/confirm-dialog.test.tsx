import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type Options = Partial<Pick<ConfirmDialogProps, 'confirmLabel' | 'cancelLabel'>> & {
  onConfirm?: () => void | Promise<unknown>;
};

/** The users page's question (spec 02 §2.2). */
function DeleteProfile({ onConfirm = () => undefined, ...labels }: Options) {
  const [open, setOpen] = useState(true);
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <p>Answer: {answer}</p>
      <ConfirmDialog
        {...labels}
        open={open}
        title="Do you want to delete ada@example.com?"
        text="This only deletes the User Profile."
        onConfirm={async () => {
          await onConfirm();
          setAnswer('yes');
          setOpen(false);
        }}
        onCancel={() => {
          setAnswer('no');
          setOpen(false);
        }}
      />
    </>
  );
}

function renderQuestion(options: Options = {}) {
  render(
    <UiProvider>
      <DeleteProfile {...options} />
    </UiProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

test('asks the question with its text, No and Yes; focus starts on No', () => {
  renderQuestion();
  const dialog = screen.getByRole('dialog', { name: 'Do you want to delete ada@example.com?' });
  expect(dialog.textContent).toContain('This only deletes the User Profile.');
  expect(document.activeElement).toBe(button('No'));
  expect(button('Yes')).toBeTruthy();
});

test.each([
  ['No', () => fireEvent.click(button('No'))],
  ['the X', () => fireEvent.click(button('Close'))],
  ['Escape', () => fireEvent.keyDown(button('No'), { key: 'Escape' })],
])('%s cancels', (_name, answer) => {
  renderQuestion();
  answer();
  expect(screen.getByText('Answer: no')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('Yes is busy and nothing can be pressed until the promise settles', async () => {
  let finish: () => void = () => undefined;
  renderQuestion({
    onConfirm: () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  });

  fireEvent.click(button('Yes'));

  expect(button('Yes').disabled).toBe(true);
  expect(button('Yes').getAttribute('aria-busy')).toBe('true');
  expect(button('No').disabled).toBe(true);
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  fireEvent.click(button('Close'));
  expect(screen.getByText('Answer: none')).toBeTruthy();

  await act(async () => finish());
  expect(screen.getByText('Answer: yes')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a failed confirmation keeps the question open to try again', async () => {
  renderQuestion({ onConfirm: () => Promise.reject(new Error('Server said no')) });

  await act(async () => fireEvent.click(button('Yes')));

  expect(screen.getByRole('dialog')).toBeTruthy();
  expect(button('Yes').disabled).toBe(false);
  expect(button('No').disabled).toBe(false);
  expect(screen.getByText('Answer: none')).toBeTruthy();
});

test('the answers can be named otherwise', () => {
  renderQuestion({ confirmLabel: 'Delete', cancelLabel: 'Keep' });
  expect(button('Delete')).toBeTruthy();
  fireEvent.click(button('Keep'));
  expect(screen.getByText('Answer: no')).toBeTruthy();
});
