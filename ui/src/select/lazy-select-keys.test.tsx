import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StatusSelect } from './lazy-select-test-field';

// A fresh page (this file's own module registry): the select's code is not loaded yet.

test('a clearable stand-in with a value shows the clear button the real select shows', () => {
  render(<StatusSelect initialValue="held" clearable clearLabel="Clear status" />);
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('held');
  expect(screen.getByRole('button', { name: 'Clear status' })).toBeTruthy();
  expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
});

test('the key that loads the real select is not lost: ArrowDown opens it on the first option', async () => {
  render(<StatusSelect />);
  const standIn = screen.getByRole('combobox', { name: 'Status' });
  act(() => standIn.focus());
  fireEvent.keyDown(standIn, { key: 'ArrowDown' });

  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['failed', 'held', 'synced']);
  const real = screen.getByRole('combobox', { name: 'Status' });
  expect(document.activeElement).toBe(real);
  expect(real.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

  fireEvent.keyDown(real, { key: 'Enter' });
  await waitFor(() => expect(real.textContent).toBe('failed'));
});
