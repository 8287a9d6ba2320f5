import { act, fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { useZodForm, type FormTransition } from './use-zod-form';

// apiKey comes first here but after email on screen: focus follows the screen.
const schema = z.object({
  apiKey: z.string().min(1, 'Select API key'),
  email: z.string().trim().min(1, 'Please enter your email address'),
  platform: z.enum(['smartlead', 'instantly']),
  consent: z.boolean().refine((value) => value, 'Please agree'),
  endpoints: z.array(z.object({ url: z.url('Enter a URL') })),
});

type Values = z.input<typeof schema>;

const defaults: Values = {
  email: '',
  platform: 'smartlead',
  apiKey: '',
  consent: false,
  endpoints: [],
};

// The webhook forms' kind of rule: a new platform clears the key chosen for the old one.
const clearKeyOnPlatformChange: FormTransition<typeof schema> = (previous, next, changed) =>
  changed === 'platform' && previous.platform !== next.platform ? { ...next, apiKey: '' } : next;

interface Probe {
  onValid?: (parsed: z.output<typeof schema>) => void | Promise<void>;
  onInvalid?: (errors: Record<string, string | undefined>, firstMessage: string) => void;
  defaultValues?: Values;
}

function TestForm({ onValid = () => undefined, onInvalid, defaultValues = defaults }: Probe) {
  const form = useZodForm({
    schema,
    defaultValues,
    transition: clearKeyOnPlatformChange,
    onInvalid,
  });
  const { error: emailError, ...email } = form.field('email');
  const { error: keyError, ...apiKey } = form.field('apiKey');
  const { error: consentError, ...consent } = form.field('consent');
  const { error: _platformError, ...platform } = form.field('platform');
  return (
    <form noValidate aria-label="Webhook" onSubmit={form.handleSubmit(onValid)}>
      <label>
        Email
        <input {...email} aria-describedby="email-error" />
      </label>
      <p id="email-error">{emailError}</p>
      <label>
        Platform
        <select {...platform}>
          <option value="smartlead">Smartlead</option>
          <option value="instantly">Instantly</option>
        </select>
      </label>
      <label>
        API key
        <input {...apiKey} />
      </label>
      <p>{keyError}</p>
      <label>
        I agree
        <input type="checkbox" {...consent} />
      </label>
      <p>{consentError}</p>
      <p>{form.errors['endpoints.0.url']}</p>
      <p>Endpoints: {form.values.endpoints.length}</p>
      <button type="button" onClick={() => form.setValue('endpoints', [{ url: 'nope' }])}>
        Add bad endpoint
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
      <button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

test('fields show the default values and take typed values, checkbox and select included', () => {
  render(<TestForm defaultValues={{ ...defaults, email: 'ada@example.com' }} />);
  expect(input('Email').value).toBe('ada@example.com');

  type('Email', 'grace@example.com');
  fireEvent.click(input('I agree'));
  fireEvent.change(input('Platform'), { target: { value: 'instantly' } });

  expect(input('Email').value).toBe('grace@example.com');
  expect(input('I agree').checked).toBe(true);
  expect(input('Platform').value).toBe('instantly');
});

test('the transition rule runs on every change: a new platform clears the API key', () => {
  render(<TestForm />);
  type('API key', 'key-1');
  type('Email', 'ada@example.com');
  expect(input('API key').value).toBe('key-1');

  fireEvent.change(input('Platform'), { target: { value: 'instantly' } });

  expect(input('API key').value).toBe('');
  expect(input('Email').value).toBe('ada@example.com');
});

test('no errors show before the first submit', () => {
  render(<TestForm />);
  type('Email', 'x');
  type('Email', '');
  fireEvent.blur(input('Email'));
  expect(screen.queryByText('Please enter your email address')).toBeNull();
});

test('an invalid submit shows the first error per field, focuses the first invalid field and calls onInvalid', () => {
  const onValid = jest.fn();
  const onInvalid = jest.fn();
  render(<TestForm onValid={onValid} onInvalid={onInvalid} />);
  type('Email', 'ada@example.com');

  submit();

  expect(onValid).not.toHaveBeenCalled();
  expect(screen.getByText('Select API key')).toBeTruthy();
  expect(screen.getByText('Please agree')).toBeTruthy();
  expect(screen.queryByText('Please enter your email address')).toBeNull();
  expect(document.activeElement).toBe(input('API key'));
  expect(onInvalid).toHaveBeenCalledTimes(1);
  expect(onInvalid).toHaveBeenCalledWith(
    { apiKey: 'Select API key', consent: 'Please agree' },
    'Select API key',
  );
});

test('the first invalid field is the first in the form, not in the schema', () => {
  render(<TestForm />);
  submit();
  expect(document.activeElement).toBe(input('Email'));
});

test('whitespace is not an e-mail: the schema trims before it checks', () => {
  const onInvalid = jest.fn();
  render(<TestForm onInvalid={onInvalid} />);
  type('Email', '   ');
  submit();
  expect(onInvalid.mock.calls[0]?.[0]).toMatchObject({ email: 'Please enter your email address' });
});

test('nested issues are kept under their dotted path and under their field', () => {
  const onInvalid = jest.fn();
  render(<TestForm onInvalid={onInvalid} />);
  fireEvent.click(screen.getByRole('button', { name: 'Add bad endpoint' }));
  submit();
  expect(screen.getByText('Enter a URL')).toBeTruthy();
  expect(onInvalid.mock.calls[0]?.[0]).toMatchObject({
    endpoints: 'Enter a URL',
    'endpoints.0.url': 'Enter a URL',
  });
});

test('after the first submit a field re-validates on change', () => {
  render(<TestForm />);
  submit();
  expect(screen.getByText('Please enter your email address')).toBeTruthy();

  type('Email', 'ada@example.com');
  expect(screen.queryByText('Please enter your email address')).toBeNull();

  type('Email', '');
  expect(screen.getByText('Please enter your email address')).toBeTruthy();

  type('API key', 'key-1');
  expect(screen.queryByText('Select API key')).toBeNull();
  expect(screen.getByText('Please enter your email address')).toBeTruthy();
});

test('a valid submit passes the parsed (output) values and clears the errors', () => {
  const onValid = jest.fn();
  render(<TestForm onValid={onValid} />);
  submit();
  type('Email', '  ada@example.com ');
  type('API key', 'key-1');
  fireEvent.click(input('I agree'));

  submit();

  expect(onValid).toHaveBeenCalledWith({
    email: 'ada@example.com',
    platform: 'smartlead',
    apiKey: 'key-1',
    consent: true,
    endpoints: [],
  });
  expect(screen.queryByText('Please enter your email address')).toBeNull();
});

test('submitting is true while onValid runs, and a second submit is ignored meanwhile', async () => {
  let finish: () => void = () => undefined;
  const onValid = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  render(
    <TestForm
      onValid={onValid}
      defaultValues={{ ...defaults, email: 'a@b.c', apiKey: 'k', consent: true }}
    />,
  );

  submit();
  const busy = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  fireEvent.submit(screen.getByRole('form', { name: 'Webhook' }));
  expect(onValid).toHaveBeenCalledTimes(1);

  await act(async () => finish());
  expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
});

test('reset restores the defaults and forgets the errors and the submit attempt', () => {
  render(<TestForm />);
  submit();
  type('Email', 'ada@example.com');

  fireEvent.click(screen.getByRole('button', { name: 'Reset' }));

  expect(input('Email').value).toBe('');
  expect(screen.queryByText('Select API key')).toBeNull();
  // Back to "not attempted": a change does not validate.
  type('API key', '');
  expect(screen.queryByText('Select API key')).toBeNull();
});

test('field names and values are typed (checked by tsc; the test renders the form)', () => {
  function Typed() {
    const form = useZodForm({ schema, defaultValues: defaults });
    // Never called: these lines exist for the compiler.
    const misuse = () => {
      // @ts-expect-error: 'emial' is not a field of the schema
      form.field('emial');
      // @ts-expect-error: a checkbox field's value is a boolean
      form.setValue('consent', 'yes');
    };
    return <p>{typeof misuse}</p>;
  }
  render(<Typed />);
  expect(screen.getByText('function')).toBeTruthy();
});

test('a zod/mini schema works the same (the sign-in screens use one for its size)', () => {
  const CodeFormSchema = zm.object({
    code: zm.string().check(zm.trim(), zm.minLength(1, 'Please enter the code')),
  });
  const onValid = jest.fn();
  function CodeForm() {
    const form = useZodForm({ schema: CodeFormSchema, defaultValues: { code: '' } });
    const { error, ...code } = form.field('code');
    return (
      <form onSubmit={form.handleSubmit(onValid)}>
        <label>
          Code
          <input {...code} />
        </label>
        <p>{error}</p>
        <button type="submit">Save</button>
      </form>
    );
  }
  render(<CodeForm />);

  submit();
  expect(screen.getByText('Please enter the code')).toBeTruthy();

  type('Code', ' 123 ');
  submit();
  expect(onValid).toHaveBeenCalledWith({ code: '123' });
});
