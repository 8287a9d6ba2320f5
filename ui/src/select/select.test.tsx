import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { OptionLines } from './option-lines';
import { Select, type SelectProps } from './select';

interface Account {
  id: number;
  description: string;
  email: string;
}

const accounts: Account[] = [
  { id: 1, description: 'Main account', email: 'main@acme.test' },
  { id: 2, description: 'Backup account', email: 'backup@acme.test' },
  { id: 3, description: 'Archive', email: 'archive@acme.test' },
];

/** A Select wired as a screen would: controlled, with the spec's account texts. */
function AccountSelect({
  initialValue = null,
  onChange,
  ...props
}: Partial<Omit<SelectProps<Account>, 'value'>> & { initialValue?: Account | null }) {
  const [value, setValue] = useState<Account | null>(initialValue);
  return (
    <UiProvider>
      <Select<Account>
        label="Account"
        placeholder="-- Select Account --"
        emptyText="Accounts not found"
        options={accounts}
        getOptionValue={(account) => account.id}
        getOptionLabel={(account) => account.description}
        {...props}
        value={value}
        onChange={(account) => {
          setValue(account);
          onChange?.(account);
        }}
      />
    </UiProvider>
  );
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('plain select', () => {
  test('shows the placeholder, opens with ArrowDown, moves with the arrows and chooses with Enter', () => {
    const onChange = jest.fn();
    render(<AccountSelect onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    expect(combobox.textContent).toBe('-- Select Account --');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Account' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main account', 'Backup account', 'Archive']);
    const highlighted = () =>
      document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(highlighted()).toBe('Main account');

    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(highlighted()).toBe('Backup account');
    fireEvent.keyDown(combobox, { key: 'Enter' });

    expect(onChange).toHaveBeenCalledWith(accounts[1]);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.textContent).toBe('Backup account');
  });

  test('Escape closes the list without choosing', () => {
    const onChange = jest.fn();
    render(<AccountSelect onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(optionNames()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  test('a click opens the list, a click on an option chooses it and marks it selected', () => {
    const onChange = jest.fn();
    render(<AccountSelect onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    fireEvent.click(combobox);
    fireEvent.click(screen.getByRole('option', { name: 'Archive' }));
    expect(onChange).toHaveBeenCalledWith(accounts[2]);
    expect(combobox.textContent).toBe('Archive');

    fireEvent.click(combobox);
    expect(screen.getByRole('option', { name: 'Archive' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('option', { name: 'Main account' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });

  test('a value that is a copy of an option (from the server) is still recognised', () => {
    render(<AccountSelect initialValue={{ ...accounts[0]! }} />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    expect(combobox.textContent).toBe('Main account');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Main account' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  test('with no options the open list says so', () => {
    render(<AccountSelect options={[]} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Accounts not found');
  });

  test('while loading, the open list shows the loading text instead of options', () => {
    render(<AccountSelect loading loadingText="Loading properties..." />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Loading properties...');
    expect(screen.queryByText('Accounts not found')).toBeNull();
  });

  test('the label names the select and its list, and a click on it focuses the select', () => {
    render(<AccountSelect required />);
    const label = screen.getByText('Account', { selector: 'label' });
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    // Named by the label element itself, not by a copy of its text; the marker stays out.
    expect(combobox.getAttribute('aria-labelledby')).toBe(label.id);
    expect(combobox.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByText('*')).toBeTruthy();

    fireEvent.click(label);
    expect(document.activeElement).toBe(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox').getAttribute('aria-labelledby')).toBe(label.id);
    expect(screen.getByRole('listbox', { name: 'Account' })).toBeTruthy();
  });

  test('a click on the label of a disabled select leaves the focus where it was', () => {
    render(<AccountSelect disabled />);
    fireEvent.click(screen.getByText('Account', { selector: 'label' }));
    expect(document.activeElement).toBe(document.body);
  });

  test('an error turns the field invalid and describes it, after the help text', () => {
    render(<AccountSelect help="Where the events go" error="Select Profile" required />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    expect(combobox.getAttribute('aria-invalid')).toBe('true');
    expect(combobox.getAttribute('aria-required')).toBe('true');
    const description = (combobox.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['Where the events go', 'Select Profile']);
  });

  test('without an error the field is not marked invalid', () => {
    render(<AccountSelect />);
    expect(screen.getByRole('combobox', { name: 'Account' }).hasAttribute('aria-invalid')).toBe(
      false,
    );
  });

  test('a disabled select cannot be focused or opened', () => {
    render(<AccountSelect disabled />);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    expect(combobox.getAttribute('aria-disabled')).toBe('true');
    expect(combobox.tabIndex).toBe(-1);
    fireEvent.click(combobox);
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  test('a clearable select empties with its clear button', () => {
    const onChange = jest.fn();
    render(<AccountSelect clearable initialValue={accounts[0]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenCalledWith(null);
    const combobox = screen.getByRole('combobox', { name: 'Account' });
    expect(combobox.textContent).toBe('-- Select Account --');
    expect(document.activeElement).toBe(combobox);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  test('renderOption with OptionLines shows several lines, read as one name', () => {
    render(
      <AccountSelect
        renderOption={(account) => (
          <OptionLines primary={account.description} secondary={account.email} />
        )}
      />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(screen.getByRole('option', { name: 'Backup account backup@acme.test' })).toBeTruthy();
  });
});

describe('searchable select', () => {
  const input = () => screen.getByRole('combobox', { name: 'Account' }) as HTMLInputElement;

  test('typing filters the options case-insensitively and Enter chooses the highlighted one', () => {
    const onChange = jest.fn();
    render(<AccountSelect searchable onChange={onChange} />);
    expect(input().placeholder).toBe('-- Select Account --');

    fireEvent.change(input(), { target: { value: 'ACCOUNT' } });
    expect(optionNames()).toEqual(['Main account', 'Backup account']);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(accounts[1]);
    expect(input().value).toBe('Backup account');
    expect(input().getAttribute('aria-expanded')).toBe('false');

    // Reopening lists every option again, not only those matching the chosen label.
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(optionNames()).toHaveLength(3);
  });

  test('the search also looks in getOptionSearchText', () => {
    render(<AccountSelect searchable getOptionSearchText={(account) => account.email} />);
    fireEvent.change(input(), { target: { value: 'ARCHIVE@' } });
    expect(optionNames()).toEqual(['Archive']);
    fireEvent.change(input(), { target: { value: 'nothing like it' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Accounts not found');
  });

  test('Escape closes the list and puts the chosen label back; on a closed list it keeps the choice', () => {
    const onChange = jest.fn();
    render(<AccountSelect searchable initialValue={accounts[0]} onChange={onChange} />);
    fireEvent.change(input(), { target: { value: 'Arch' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('Main account');

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('Main account');
    expect(onChange).not.toHaveBeenCalled();
  });

  test('Escape on a closed clearable field empties it', () => {
    const onChange = jest.fn();
    render(<AccountSelect searchable clearable initialValue={accounts[0]} onChange={onChange} />);
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onChange).toHaveBeenCalledWith(null);
    expect(input().value).toBe('');
  });

  test('the chosen option renamed in a new list (same value) shows its new label', () => {
    const field = (options: Account[], value: Account) => (
      <UiProvider>
        <Select<Account>
          searchable
          label="Account"
          options={options}
          value={value}
          onChange={() => {}}
          getOptionValue={(account) => account.id}
          getOptionLabel={(account) => account.description}
        />
      </UiProvider>
    );
    const { rerender } = render(field(accounts, accounts[0]!));
    expect(input().value).toBe('Main account');
    const renamed = { ...accounts[0]!, description: 'Main account (Lead)' };
    rerender(field([renamed, ...accounts.slice(1)], renamed));
    expect(input().value).toBe('Main account (Lead)');
  });

  test('leaving the field after typing, without choosing, restores the chosen label', () => {
    const onChange = jest.fn();
    render(<AccountSelect searchable initialValue={accounts[2]} onChange={onChange} />);
    fireEvent.change(input(), { target: { value: 'zzz' } });
    fireEvent.blur(input());
    expect(input().value).toBe('Archive');
    expect(onChange).not.toHaveBeenCalled();
  });

  test('the input and its list are named by the label, which focuses the input', () => {
    render(<AccountSelect searchable />);
    const label = screen.getByText('Account', { selector: 'label' });
    expect(input().getAttribute('aria-labelledby')).toBe(label.id);
    fireEvent.click(label);
    expect(document.activeElement).toBe(input());

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByRole('listbox').getAttribute('aria-labelledby')).toBe(label.id);
  });

  test('a disabled searchable select is a disabled input', () => {
    render(<AccountSelect searchable disabled error="Fill Description" />);
    expect(input().disabled).toBe(true);
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
