import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router';
import { ApiProvider } from '@outsync/app-runtime';
import { shellPaths } from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { ShellRoutes } from './routes';
import { createOutsideNavigator, NavigationBridge } from './routing/navigation-bridge';
import { createShellApiClient } from './session/shell-api-client';

// Declarative routing: the shell uses no loaders or actions, and the data router's exports cost
// 18 KB gzip of the first load (docs/decisions.md).
const navigator = createOutsideNavigator();
const api = createShellApiClient({
  onUnauthorized: () => navigator.navigate(shellPaths.unauthorized),
});

export function App() {
  return (
    <JotaiProvider>
      <UiProvider>
        <ApiProvider client={api}>
          <BrowserRouter>
            <NavigationBridge navigator={navigator} />
            <ShellRoutes />
          </BrowserRouter>
        </ApiProvider>
      </UiProvider>
    </JotaiProvider>
  );
}
