import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '../ui-provider';
import { Chip } from './chip';

test('a category chip shows its text and has no remove button unless asked', () => {
  render(
    <UiProvider>
      <Chip label="ID: 3 - Interested" />
    </UiProvider>,
  );
  expect(screen.getByText('ID: 3 - Interested')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

test('the remove button is a real button, named after the chip, in the tab order', () => {
  const onRemove = jest.fn();
  render(
    <UiProvider>
      <Chip label="ID: 3 - Interested" tone="brand" onRemove={onRemove} />
    </UiProvider>,
  );
  const remove = screen.getByRole('button', { name: 'Remove ID: 3 - Interested' });
  expect(remove.getAttribute('type')).toBe('button');
  fireEvent.click(remove);
  expect(onRemove).toHaveBeenCalledTimes(1);

  // A native button, so Enter and Space press it (browsers turn them into this click).
  remove.focus();
  expect(document.activeElement).toBe(remove);
});

test('removing does not also click the chip, and a disabled chip cannot be removed', () => {
  const onChipClick = jest.fn();
  const onRemove = jest.fn();
  const { rerender } = render(
    <UiProvider>
      <Chip label="Lead" onRemove={onRemove} onClick={onChipClick} removeLabel="Drop Lead" />
    </UiProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Drop Lead' }));
  expect(onRemove).toHaveBeenCalledTimes(1);
  expect(onChipClick).not.toHaveBeenCalled();

  rerender(
    <UiProvider>
      <Chip label="Lead" onRemove={onRemove} disabled />
    </UiProvider>,
  );
  const remove = screen.getByRole('button', { name: 'Remove Lead' }) as HTMLButtonElement;
  expect(remove.disabled).toBe(true);
  fireEvent.click(remove);
  expect(onRemove).toHaveBeenCalledTimes(1);
});
