import { fireEvent, render, screen } from '@testing-library/react';
import { StatusSelect } from './lazy-select-test-field';

// The module keeps the loaded select for the page: this file's first test sees the stand-in,
// the others the real select (lazy-select-keys.test.tsx covers the keyboard, in a fresh page).

test('closed, it is the same combobox without downshift; a click loads the real one, open and focused', async () => {
  const onChange = jest.fn();
  render(<StatusSelect onChange={onChange} />);
  const standIn = screen.getByRole('combobox', { name: 'Status' });
  expect(standIn.textContent).toBe('-- Any status --');
  expect(standIn.getAttribute('aria-expanded')).toBe('false');
  expect(standIn.getAttribute('aria-haspopup')).toBe('listbox');
  expect(standIn.getAttribute('tabindex')).toBe('0');
  // No list yet: downshift has not loaded.
  expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

  fireEvent.click(standIn);
  expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
    'failed',
    'held',
    'synced',
  ]);
  const real = screen.getByRole('combobox', { name: 'Status' });
  expect(real.id).toBe(standIn.id);
  expect(real.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(real);

  fireEvent.click(screen.getByRole('option', { name: 'held' }));
  expect(onChange).toHaveBeenLastCalledWith('held');
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('held');
});

test('once loaded, a select mounted later is the real one at once', () => {
  render(<StatusSelect initialValue="failed" />);
  const combobox = screen.getByRole('combobox', { name: 'Status' });
  expect(combobox.textContent).toBe('failed');
  fireEvent.keyDown(combobox, { key: 'ArrowDown' });
  expect(combobox.getAttribute('aria-expanded')).toBe('true');
});
