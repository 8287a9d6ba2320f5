import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '../ui-provider';
import { Tooltip } from './tooltip';

function renderOwner() {
  render(
    <UiProvider>
      <p id="owner-note">Owner of the webhook</p>
      <Tooltip content="Hub Id: 42, Owner Id: 7" placement="bottom">
        <button aria-describedby="owner-note">Ada Lovelace</button>
      </Tooltip>
    </UiProvider>,
  );
  return screen.getByRole('button', { name: 'Ada Lovelace' });
}

const tooltip = () => screen.queryByRole('tooltip');

test('hidden at first, yet it already describes the trigger (with its other descriptions)', () => {
  const trigger = renderOwner();
  expect(tooltip()).toBeNull();
  const ids = (trigger.getAttribute('aria-describedby') ?? '').split(' ');
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
    'Owner of the webhook',
    'Hub Id: 42, Owner Id: 7',
  ]);
  expect(document.getElementById(ids[1] ?? '')?.getAttribute('role')).toBe('tooltip');
});

test('shows on hover and hides when the mouse leaves', () => {
  const trigger = renderOwner();
  fireEvent.mouseEnter(trigger);
  expect(tooltip()?.textContent).toBe('Hub Id: 42, Owner Id: 7');
  fireEvent.mouseLeave(trigger);
  expect(tooltip()).toBeNull();
});

test('shows on focus and hides on blur', () => {
  const trigger = renderOwner();
  fireEvent.focus(trigger);
  expect(tooltip()).not.toBeNull();
  fireEvent.blur(trigger);
  expect(tooltip()).toBeNull();
});

test('Escape hides it while the trigger keeps the focus; focusing again shows it', () => {
  const trigger = renderOwner();
  fireEvent.focus(trigger);
  fireEvent.keyDown(trigger, { key: 'Escape' });
  expect(tooltip()).toBeNull();
  fireEvent.blur(trigger);
  fireEvent.focus(trigger);
  expect(tooltip()).not.toBeNull();
});

test('Escape also hides a tip shown by hovering while the focus is elsewhere', () => {
  const trigger = renderOwner();
  fireEvent.mouseEnter(trigger);
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expect(tooltip()).toBeNull();
});
