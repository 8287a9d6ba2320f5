import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';
import { signInStorageKeys } from '../features/sign-in/state/sign-in-session';
import { fakeApi } from '../test/fake-api';

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

test.each(pages)('the page at $path is titled "$label"', async ({ path, label }) => {
  const api = fakeApi();
  // The verify page needs the e-mail the login step keeps.
  sessionStorage.setItem(signInStorageKeys.email, 'ada@example.com');
  render(
    <Provider>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {pages.map(({ path: pagePath, Component }) => (
              <Route key={pagePath} path={pagePath} element={<Component />} />
            ))}
          </Routes>
        </MemoryRouter>
      </UiProvider>
    </Provider>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
  await waitFor(() => expect(api.sent('GET /api/admin/me')).toHaveLength(1));
});
