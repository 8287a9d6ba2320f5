import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { UiProvider } from '../ui-provider';

/**
 * Renders a virtualised component with the test's props and finds its scroll region by name;
 * `update` renders it again with more props on top, as a parent re-rendering it would.
 */
export function renderVirtual<Props extends object>(
  Component: ComponentType<Props>,
  props: Props,
  regionName: string,
) {
  const element = (overrides: Partial<Props>) => (
    <UiProvider>
      <Component {...props} {...overrides} />
    </UiProvider>
  );
  const view = render(element({}));
  return {
    viewport: screen.getByRole('region', { name: regionName }),
    update: (overrides: Partial<Props>) => view.rerender(element(overrides)),
  };
}
