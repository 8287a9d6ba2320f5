import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { MultiSelect, type MultiSelectProps } from './multi-select';
import { OptionLines } from './option-lines';

interface Category {
  id: number;
  name: string;
}

const categories: Category[] = [
  { id: 1, name: 'Interested' },
  { id: 2, name: 'Not Interested' },
  { id: 3, name: 'Meeting booked' },
  { id: 4, name: 'Out of office' },
];

const categoryLabel = (category: Category) => `ID: ${category.id} - ${category.name}`;

/** A MultiSelect wired as the webhook form's category filter would be. */
function CategoryFilter({
  initialValue = [],
  onChange,
  ...props
}: Partial<Omit<MultiSelectProps<Category>, 'value'>> & { initialValue?: Category[] }) {
  const [value, setValue] = useState<Category[]>(initialValue);
  return (
    <UiProvider>
      <MultiSelect<Category>
        label="Category-based filter"
        emptyText="Categories not found"
        options={categories}
        getOptionValue={(category) => category.id}
        getOptionLabel={categoryLabel}
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </UiProvider>
  );
}

const input = () =>
  screen.getByRole('combobox', { name: 'Category-based filter' }) as HTMLInputElement;
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const removeButtons = () =>
  screen
    .queryAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label'));

test('typing filters case-insensitively; Enter adds a chip and keeps the list open for more', () => {
  const onChange = jest.fn();
  render(<CategoryFilter onChange={onChange} />);
  fireEvent.change(input(), { target: { value: 'INTERESTED' } });
  expect(optionNames()).toEqual(['ID: 1 - Interested', 'ID: 2 - Not Interested']);

  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  fireEvent.keyDown(input(), { key: 'Enter' });
  expect(onChange).toHaveBeenLastCalledWith([categories[0]]);
  expect(removeButtons()).toEqual(['Remove ID: 1 - Interested']);

  // The search is cleared and the chosen category leaves the list, which stays open.
  expect(input().value).toBe('');
  expect(input().getAttribute('aria-expanded')).toBe('true');
  expect(optionNames()).toEqual([
    'ID: 2 - Not Interested',
    'ID: 3 - Meeting booked',
    'ID: 4 - Out of office',
  ]);

  fireEvent.keyDown(input(), { key: 'Enter' });
  expect(onChange).toHaveBeenLastCalledWith([categories[0], categories[1]]);

  fireEvent.keyDown(input(), { key: 'Escape' });
  expect(input().getAttribute('aria-expanded')).toBe('false');
  expect(optionNames()).toEqual([]);
});

test('a click on an option adds it', () => {
  const onChange = jest.fn();
  render(<CategoryFilter onChange={onChange} />);
  fireEvent.click(input());
  fireEvent.click(screen.getByRole('option', { name: 'ID: 3 - Meeting booked' }));
  expect(onChange).toHaveBeenLastCalledWith([categories[2]]);
});

test('each chip has a remove button named after it', () => {
  const onChange = jest.fn();
  render(<CategoryFilter initialValue={[categories[0]!, categories[2]!]} onChange={onChange} />);
  expect(removeButtons()).toEqual(['Remove ID: 1 - Interested', 'Remove ID: 3 - Meeting booked']);

  fireEvent.click(screen.getByRole('button', { name: 'Remove ID: 1 - Interested' }));
  expect(onChange).toHaveBeenLastCalledWith([categories[2]]);
  expect(removeButtons()).toEqual(['Remove ID: 3 - Meeting booked']);
  // Focus goes back to the input rather than to the page.
  expect(document.activeElement).toBe(input());
});

test('the remove button name can be given', () => {
  render(
    <CategoryFilter
      initialValue={[categories[0]!]}
      getRemoveLabel={(label) => `Unselect ${label}`}
    />,
  );
  expect(screen.getByRole('button', { name: 'Unselect ID: 1 - Interested' })).toBeTruthy();
});

test('Backspace in the empty input removes the last chip, even with the list open', () => {
  const onChange = jest.fn();
  render(<CategoryFilter initialValue={[categories[0]!, categories[1]!]} onChange={onChange} />);
  fireEvent.keyDown(input(), { key: 'Backspace' });
  expect(onChange).toHaveBeenLastCalledWith([categories[0]]);

  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  expect(input().getAttribute('aria-expanded')).toBe('true');
  fireEvent.keyDown(input(), { key: 'Backspace' });
  expect(onChange).toHaveBeenLastCalledWith([]);
  expect(removeButtons()).toEqual([]);
});

test('Backspace while there is search text edits the text and keeps the chips', () => {
  const onChange = jest.fn();
  render(<CategoryFilter initialValue={[categories[0]!]} onChange={onChange} />);
  fireEvent.change(input(), { target: { value: 'Out' } });
  input().setSelectionRange(3, 3);
  fireEvent.keyDown(input(), { key: 'Backspace' });
  expect(onChange).not.toHaveBeenCalled();
});

test('ArrowLeft moves to the last chip, where Delete removes it', () => {
  const onChange = jest.fn();
  render(<CategoryFilter initialValue={[categories[0]!, categories[1]!]} onChange={onChange} />);
  input().focus();
  fireEvent.keyDown(input(), { key: 'ArrowLeft' });
  const lastChip = screen.getByText('ID: 2 - Not Interested').parentElement!;
  expect(document.activeElement).toBe(lastChip);

  fireEvent.keyDown(lastChip, { key: 'Delete' });
  expect(onChange).toHaveBeenLastCalledWith([categories[0]]);
});

test('when nothing matches, the list says so', () => {
  render(<CategoryFilter />);
  fireEvent.change(input(), { target: { value: 'zebra' } });
  expect(optionNames()).toEqual([]);
  expect(screen.getByRole('status').textContent).toBe('Categories not found');
});

test('the search also looks in getOptionSearchText, and options can span several lines', () => {
  render(
    <CategoryFilter
      getOptionSearchText={(category) => (category.id === 4 ? 'ooo vacation' : '')}
      renderOption={(category) => (
        <OptionLines primary={category.name} secondary={`ID: ${category.id}`} />
      )}
    />,
  );
  fireEvent.change(input(), { target: { value: 'Vacation' } });
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Out of office ID: 4',
  ]);
});

test('while loading, the list shows the loading text', () => {
  render(<CategoryFilter options={[]} loading loadingText="Loading properties..." />);
  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  expect(input().getAttribute('aria-expanded')).toBe('true');
  expect(optionNames()).toEqual([]);
  expect(screen.getByRole('status').textContent).toBe('Loading properties...');
});

test('leaving the field adds nothing and clears the unfinished search', () => {
  const onChange = jest.fn();
  render(<CategoryFilter onChange={onChange} />);
  fireEvent.change(input(), { target: { value: 'meet' } });
  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  fireEvent.blur(input());
  expect(onChange).not.toHaveBeenCalled();
  expect(input().value).toBe('');
});

test('an error marks the input invalid and describes it; a disabled field locks the chips', () => {
  render(
    <CategoryFilter
      initialValue={[categories[0]!]}
      placeholder="Choose categories"
      error="Select at least one category"
      disabled
    />,
  );
  expect(input().getAttribute('aria-invalid')).toBe('true');
  const errorId = input().getAttribute('aria-describedby');
  expect(document.getElementById(errorId ?? '')?.textContent).toBe('Select at least one category');
  expect(input().disabled).toBe(true);
  expect(
    (screen.getByRole('button', { name: 'Remove ID: 1 - Interested' }) as HTMLButtonElement)
      .disabled,
  ).toBe(true);
  // The placeholder gives way to the chips.
  expect(input().placeholder).toBe('');
});

test('the label names the input and its list, and a click on it focuses the input', () => {
  render(<CategoryFilter />);
  const label = screen.getByText('Category-based filter', { selector: 'label' });
  expect(input().getAttribute('aria-labelledby')).toBe(label.id);
  fireEvent.click(label);
  expect(document.activeElement).toBe(input());

  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  expect(screen.getByRole('listbox').getAttribute('aria-labelledby')).toBe(label.id);
});

test('the placeholder shows while nothing is chosen', () => {
  render(<CategoryFilter placeholder="Choose categories" />);
  expect(input().placeholder).toBe('Choose categories');
});
