import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { ConfirmOnDemand } from './confirm-on-demand';

function DeleteProfile({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <UiProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmOnDemand
        open={open}
        title="Do you want to delete ada@example.com?"
        text="This only deletes the User Profile."
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </UiProvider>
  );
}

test('renders nothing until asked, then the confirm dialog once its code has loaded', async () => {
  const onConfirm = jest.fn();
  render(<DeleteProfile onConfirm={onConfirm} />);
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Do you want to delete ada@example.com?',
  });
  expect(dialog.textContent).toContain('This only deletes the User Profile.');

  fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('No closes it without confirming', async () => {
  const onConfirm = jest.fn();
  render(<DeleteProfile onConfirm={onConfirm} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await screen.findByRole('dialog');

  fireEvent.click(screen.getByRole('button', { name: 'No' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(onConfirm).not.toHaveBeenCalled();
});
