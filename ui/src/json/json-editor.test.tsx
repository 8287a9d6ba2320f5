import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from '../button';
import { UiProvider } from '../ui-provider';
import { JsonEditor, isValidJson, type JsonEditorProps } from './json-editor';

const template = '{\n  "event_type": "EMAIL_SENT"\n}';

function PayloadEditor(props: Partial<JsonEditorProps>) {
  const [value, setValue] = useState(template);
  return (
    <UiProvider>
      <JsonEditor
        label="Payload"
        {...props}
        value={value}
        onChange={setValue}
        actions={<Button onClick={() => setValue(template)}>Reset Payload</Button>}
      />
    </UiProvider>
  );
}

const editor = () => screen.getByRole('textbox', { name: 'Payload' }) as HTMLTextAreaElement;

test('a valid document shows the valid badge, which describes the field', () => {
  render(<PayloadEditor />);
  expect(editor().value).toBe(template);
  expect(screen.getByRole('status').textContent).toBe('✅ Valid JSON');
  expect(editor().hasAttribute('aria-invalid')).toBe(false);
  const describedBy = editor().getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(describedBy)?.textContent).toBe('✅ Valid JSON');
});

test('typing invalid JSON flips the badge, marks the field invalid and tells the caller once', () => {
  const onValidityChange = jest.fn();
  render(<PayloadEditor onValidityChange={onValidityChange} />);
  expect(onValidityChange.mock.calls).toEqual([[true]]);

  fireEvent.change(editor(), { target: { value: '{"event_type": ' } });
  expect(screen.getByRole('status').textContent).toBe('❌ Invalid JSON');
  expect(editor().getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(editor(), { target: { value: '{"event_type": "' } });
  expect(onValidityChange.mock.calls).toEqual([[true], [false]]);

  fireEvent.click(screen.getByRole('button', { name: 'Reset Payload' }));
  expect(editor().value).toBe(template);
  expect(screen.getByRole('status').textContent).toBe('✅ Valid JSON');
  expect(onValidityChange.mock.calls).toEqual([[true], [false], [true]]);
});

test('the badge texts can be replaced; the field is monospaced and not spell-checked', () => {
  render(<PayloadEditor validText="JSON ok" invalidText="JSON broken" />);
  expect(screen.getByRole('status').textContent).toBe('JSON ok');
  expect(editor().getAttribute('spellcheck')).toBe('false');
  expect(getComputedStyle(editor()).fontFamily).toContain('font-family-mono');
});

test('an error from the form is shown too', () => {
  render(<PayloadEditor error="Invalid JSON format. Please check your JSON syntax." />);
  expect(editor().getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Invalid JSON format. Please check your JSON syntax.')).toBeTruthy();
});

test('isValidJson', () => {
  expect(isValidJson('{"a": [1, 2]}')).toBe(true);
  expect(isValidJson('null')).toBe(true);
  expect(isValidJson('')).toBe(false);
  expect(isValidJson("{'a': 1}")).toBe(false);
});
