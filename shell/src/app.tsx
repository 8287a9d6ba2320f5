import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { UiProvider } from '@outsync/ui';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <JotaiProvider>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </JotaiProvider>
  );
}
