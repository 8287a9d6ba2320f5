import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { UiProvider } from '@outsync/ui';
import { ApiProvider, defaultApiClient } from './api/api-context';

export interface MountOptions {
  /** URL prefix the host gives the module's routes, e.g. '/partner/outsync'. Default ''. */
  basename?: string;
  /** Whether the module may install its global styles (false when the host has its own). */
  globalStyles?: boolean;
}

export type Unmount = () => void;

/**
 * Builds the `mount(element, options) → unmount` a remote offers to hosts that are not our
 * shell: a separate React root with its own theme, router, API client and the page's query cache,
 * torn down by the returned function.
 */
export function createMount(App: ComponentType<{ basename: string }>) {
  return function mount(element: HTMLElement, options: MountOptions = {}): Unmount {
    const root = createRoot(element);
    root.render(
      <StrictMode>
        <UiProvider withGlobalStyle={options.globalStyles ?? true}>
          <ApiProvider client={defaultApiClient}>
            <App basename={options.basename ?? ''} />
          </ApiProvider>
        </UiProvider>
      </StrictMode>,
    );
    return () => root.unmount();
  };
}
