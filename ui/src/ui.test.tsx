import { render, screen } from '@testing-library/react';
import { Button, Spinner, UiProvider } from './index';

test('a Button never submits a form unless asked to', () => {
  render(
    <UiProvider>
      <form>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>
    </UiProvider>,
  );
  expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
});

test('the Spinner announces what is loading', () => {
  render(
    <UiProvider>
      <Spinner label="Loading webhooks" />
    </UiProvider>,
  );
  expect(screen.getByRole('status').textContent).toBe('Loading webhooks');
});
