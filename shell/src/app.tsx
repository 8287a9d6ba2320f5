import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiProvider } from '@outsync/app-runtime';
import { UiProvider } from '@outsync/ui';
import { routes } from './routes';
import { createShellApiClient } from './session/shell-api-client';

const router = createBrowserRouter(routes);
const api = createShellApiClient({
  onUnauthorized: () => void router.navigate('/unauthorized'),
});

export function App() {
  return (
    <JotaiProvider>
      <UiProvider>
        <ApiProvider client={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </UiProvider>
    </JotaiProvider>
  );
}
