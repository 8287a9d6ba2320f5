import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { Disclosure } from './disclosure';

function renderAdvanced() {
  render(
    <UiProvider>
      <Disclosure labels={{ open: 'Hide advanced settings', closed: 'Display advanced settings' }}>
        <label>
          Create task
          <input type="checkbox" />
        </label>
      </Disclosure>
    </UiProvider>,
  );
}

const toggle = (name: string) => screen.getByRole('button', { name });
const content = () => screen.queryByRole('checkbox', { name: 'Create task' });

test('closed at first: the toggle says so and controls the hidden content', () => {
  renderAdvanced();
  const button = toggle('Display advanced settings');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(content()).toBeNull();
  const controlled = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(controlled?.hidden).toBe(true);
  expect(controlled?.textContent).toBe('Create task');
});

test('a click shows the content and renames the toggle; another hides it', () => {
  renderAdvanced();
  fireEvent.click(toggle('Display advanced settings'));
  expect(toggle('Hide advanced settings').getAttribute('aria-expanded')).toBe('true');
  expect(content()).not.toBeNull();

  fireEvent.click(toggle('Hide advanced settings'));
  expect(content()).toBeNull();
});

test('Enter toggles once per press', () => {
  renderAdvanced();
  const button = toggle('Display advanced settings');
  const press = fireEvent.keyDown(button, { key: 'Enter' });
  expect(press).toBe(false); // default prevented: no native click as well
  expect(content()).not.toBeNull();
  fireEvent.keyDown(button, { key: 'Enter', repeat: true });
  expect(content()).not.toBeNull();
  fireEvent.keyDown(button, { key: 'Enter' });
  expect(content()).toBeNull();
});

test('Space toggles when released, like a native button', () => {
  renderAdvanced();
  const button = toggle('Display advanced settings');
  fireEvent.keyDown(button, { key: ' ' });
  expect(content()).toBeNull();
  fireEvent.keyUp(button, { key: ' ' });
  expect(content()).not.toBeNull();
  // A release without a press here (the key went down elsewhere) does nothing.
  fireEvent.keyUp(button, { key: ' ' });
  expect(content()).not.toBeNull();
});

test('controlled: it shows what the caller says and reports the wish to change', () => {
  const onOpenChange = jest.fn();
  function Controlled() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open from outside</button>
        <Disclosure
          open={open}
          onOpenChange={onOpenChange}
          label={open ? 'Hide advanced settings' : 'Display advanced settings'}
        >
          <button>Assign contact owner</button>
        </Disclosure>
      </>
    );
  }
  render(
    <UiProvider>
      <Controlled />
    </UiProvider>,
  );

  fireEvent.click(toggle('Display advanced settings'));
  expect(onOpenChange).toHaveBeenCalledWith(true);
  expect(screen.queryByRole('button', { name: 'Assign contact owner' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Open from outside' }));
  expect(screen.getByRole('button', { name: 'Assign contact owner' })).toBeTruthy();
  expect(toggle('Hide advanced settings').getAttribute('aria-expanded')).toBe('true');
});
