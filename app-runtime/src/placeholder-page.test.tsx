import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { UiProvider } from '@outsync/ui';
import { PlaceholderPage, productNameAtom } from './index';

test('screens name the product the host sets', () => {
  const store = createStore();
  store.set(productNameAtom, 'Acme Outbound');
  render(
    <Provider store={store}>
      <UiProvider>
        <PlaceholderPage title="Webhooks" module="mfe-webhooks" />
      </UiProvider>
    </Provider>,
  );
  expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
  expect(screen.getByText(/This Acme Outbound screen is on its way/)).toBeTruthy();
});
