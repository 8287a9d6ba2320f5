// The embed mounted in a test as a partner's page mounts it: into a host element's shadow root,
// with an embed token. Shared by the tests on react-router and on the embed's stand-in router.
import { act, within } from '@testing-library/react';
import {
  mountWebhooks,
  type MountedWebhooks,
  type MountWebhooksOptions,
} from '../embed/mount-webhooks';

export const embedApiBaseUrl = 'https://api.outsync.test';

let mounted: MountedWebhooks | null = null;
let host: HTMLElement | null = null;

/** Mounts the module on a new host element; `unmountEmbed` (after each test) removes it. */
export async function mountEmbed(options: Partial<MountWebhooksOptions> = {}) {
  const element = document.createElement('div');
  host = element;
  document.body.append(element);
  let mountedNow: MountedWebhooks | undefined;
  await act(async () => {
    mountedNow = mountWebhooks(element, {
      token: 'token-1',
      getToken: async () => 'token-2',
      apiBaseUrl: embedApiBaseUrl,
      ...options,
    });
  });
  if (!mountedNow) throw new Error('mountWebhooks returned nothing');
  mounted = mountedNow;
  const shadowRoot = element.shadowRoot;
  if (!shadowRoot) throw new Error('no shadow root');
  // What a user sees: everything under the shadow root's container (testing-library's `screen`
  // does not look into shadow roots).
  const container = shadowRoot.querySelector<HTMLElement>('.outsync-embed');
  if (!container) throw new Error('no container in the shadow root');
  return { host: element, mounted: mountedNow, shadowRoot, container, view: within(container) };
}

/** Unmounts and removes what `mountEmbed` mounted. */
export function unmountEmbed(): void {
  act(() => mounted?.unmount());
  host?.remove();
  mounted = null;
  host = null;
}
