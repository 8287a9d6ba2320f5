import { render, screen } from '@testing-library/react';
import { UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';

test.each(pages)('the page at $path is titled "$label"', ({ Component, label }) => {
  render(
    <UiProvider>
      <Component />
    </UiProvider>,
  );
  expect(screen.getByRole('heading', { level: 1, name: label })).toBeTruthy();
});
