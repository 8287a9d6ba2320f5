import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { UiProvider } from '../ui-provider';
import { CheckboxField } from './checkbox-field';
import { Field } from './field';
import { LinkButton } from './link-button';
import { SubmitButton } from './submit-button';
import { NumberField, PasswordField, TextField } from './text-field';
import { TextareaField } from './textarea-field';
import { useZodForm } from './use-zod-form';

function renderInUi(ui: ReactNode) {
  return render(<UiProvider>{ui}</UiProvider>);
}

const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

test('a TextField is named by its label and described by its help text', () => {
  renderInUi(<TextField label="Webhook name" help="Shown in the webhook list" />);
  const input = screen.getByRole('textbox', { name: 'Webhook name' });
  expect(described(input)).toEqual(['Shown in the webhook list']);
  expect(input.getAttribute('aria-invalid')).toBeNull();
});

test('an error is shown under the field, read after the help text, and marks it invalid', () => {
  renderInUi(
    <TextField
      label="Webhook name"
      help="Shown in the webhook list"
      error="Enter a name"
      defaultValue=""
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Webhook name' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(described(input)).toEqual(['Shown in the webhook list', 'Enter a name']);
  expect(screen.getByText('Enter a name')).toBeTruthy();
});

test('a required field shows a marker outside its accessible name, unless asked not to', () => {
  renderInUi(
    <>
      <TextField label="Email" required />
      <TextField label="Code" required hideRequiredMarker />
    </>,
  );
  const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
  expect(email.required).toBe(true);
  expect(screen.getAllByText('*')).toHaveLength(1);
  expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).required).toBe(true);
});

test('the action slot sits inside the field and stays a separate control', () => {
  const edit = jest.fn();
  renderInUi(
    <TextField
      label="Email"
      value="ada@example.com"
      readOnly
      action={<LinkButton onClick={edit}>Edit</LinkButton>}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
  expect(edit).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Edit' }).getAttribute('type')).toBe('button');
  expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);
});

test('PasswordField shows and hides the password with a named toggle', () => {
  renderInUi(<PasswordField label="Password" defaultValue="s3cret" />);
  const input = screen.getByLabelText('Password') as HTMLInputElement;
  expect(input.type).toBe('password');
  expect(input.autocomplete).toBe('current-password');

  fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(input.type).toBe('text');

  fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(input.type).toBe('password');
});

test('TextareaField and NumberField are labelled fields too', () => {
  renderInUi(
    <>
      <TextareaField label="Add Categories (one per line):" error="Enter a category" />
      <NumberField label="Port" />
    </>,
  );
  const textarea = screen.getByRole('textbox', { name: 'Add Categories (one per line):' });
  expect(textarea.tagName).toBe('TEXTAREA');
  expect(textarea.getAttribute('aria-invalid')).toBe('true');
  expect(described(textarea)).toEqual(['Enter a category']);
  expect(screen.getByRole('spinbutton', { name: 'Port' })).toBeTruthy();
});

test('CheckboxField: the whole label toggles it; help and error describe it', () => {
  function Remember() {
    const [checked, setChecked] = useState(false);
    return (
      <CheckboxField
        label="Remember me"
        help="For 30 days"
        error="Required"
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
      />
    );
  }
  renderInUi(<Remember />);
  const checkbox = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;

  fireEvent.click(screen.getByText('Remember me'));

  expect(checkbox.checked).toBe(true);
  expect(checkbox.getAttribute('aria-invalid')).toBe('true');
  expect(described(checkbox)).toEqual(['For 30 days', 'Required']);
});

test('Field lends its label and wiring to any control', () => {
  renderInUi(
    <Field label="Platform" error="Select platform">
      {(control) => (
        <select {...control}>
          <option>Smartlead</option>
        </select>
      )}
    </Field>,
  );
  const select = screen.getByRole('combobox', { name: 'Platform' });
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(described(select)).toEqual(['Select platform']);
});

test('Field gives a custom control its label id; a click on the label focuses the control', () => {
  renderInUi(
    <Field label="Owner" required>
      {({ id }, { labelId }) => (
        <div id={id} role="combobox" aria-expanded="false" aria-labelledby={labelId} tabIndex={0}>
          Ada Lovelace
        </div>
      )}
    </Field>,
  );
  const combobox = screen.getByRole('combobox', { name: 'Owner' });
  fireEvent.click(screen.getByText('Owner', { selector: 'label' }));
  expect(document.activeElement).toBe(combobox);
});

test('SubmitButton: while busy it is disabled and shows its busy label', () => {
  const { rerender } = renderInUi(<SubmitButton busyLabel="SENDING...">Continue</SubmitButton>);
  const button = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  expect(button.type).toBe('submit');
  expect(button.disabled).toBe(false);

  rerender(
    <UiProvider>
      <SubmitButton busy busyLabel="SENDING...">
        Continue
      </SubmitButton>
    </UiProvider>,
  );
  const busy = screen.getByRole('button', { name: 'SENDING...' }) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  expect(busy.getAttribute('aria-busy')).toBe('true');
});

const signUp = z.object({
  email: z.string().trim().min(1, 'Please enter your email address'),
  port: z.number({ error: 'Enter a port' }).optional(),
  terms: z.boolean().refine(Boolean, 'Accept the terms'),
});

function SignUpForm({ onValid }: { onValid: (values: z.output<typeof signUp>) => Promise<void> }) {
  const form = useZodForm({
    schema: signUp,
    defaultValues: { email: '', port: undefined, terms: false },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="Email" type="email" required {...form.field('email')} />
      <NumberField label="Port" {...form.field('port')} />
      <CheckboxField label="I accept the terms" {...form.field('terms')} />
      <SubmitButton busy={form.submitting} busyLabel="Saving">
        Save
      </SubmitButton>
    </form>
  );
}

test('form.field spreads on the fields: errors turn them red, focus goes to the first', async () => {
  let finish: () => void = () => undefined;
  const onValid = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  renderInUi(<SignUpForm onValid={onValid} />);
  const email = screen.getByRole('textbox', { name: 'Email' });

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(described(email)).toEqual(['Please enter your email address']);
  expect(document.activeElement).toBe(email);
  const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
  expect(terms.getAttribute('aria-invalid')).toBe('true');

  fireEvent.change(email, { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Port' }), { target: { value: '8080' } });
  fireEvent.click(terms);
  expect(email.getAttribute('aria-invalid')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', port: 8080, terms: true });
  expect((screen.getByRole('button', { name: 'Saving' }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => finish());
  expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
});
