// The embed bundle's selects live in a shadow root, where a mouse pick reaches the window as a
// click on the shadow host. The build gives downshift the environment under test here (as
// rspack.config.ts does, through downshift-in-shadow-root.ts).
import { act, fireEvent, within } from '@testing-library/react';
import type * as Downshift from 'downshift';
import { fakeService } from '../test/fake-service';
import { hubspotProfile } from '../test/fixtures';
import { webhookFormSeed } from '../test/webhook-form-data';
import type * as DownshiftEnvironment from './downshift-environment';
import { mountWebhooks, type MountedWebhooks } from './mount-webhooks';

jest.mock('downshift', () => {
  const { shadowRootAware } =
    jest.requireActual<typeof DownshiftEnvironment>('./downshift-environment');
  return shadowRootAware(jest.requireActual<typeof Downshift>('downshift'));
});

let mounted: MountedWebhooks | null = null;
afterEach(() => {
  act(() => mounted?.unmount());
  jest.restoreAllMocks();
});

/** What a mouse does to pick: press, release, click, each on the option. */
function pickWithMouse(option: HTMLElement) {
  fireEvent.mouseMove(option);
  fireEvent.mouseDown(option);
  fireEvent.mouseUp(option);
  fireEvent.click(option);
}

test('an option picked with the mouse inside the shadow root is chosen', async () => {
  fakeService({ ...webhookFormSeed(), integrations: [hubspotProfile] }).acceptEmbedTokens(['t']);
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () => {
    mounted = mountWebhooks(host, {
      token: 't',
      getToken: async () => 't',
      apiBaseUrl: 'https://x.test',
    });
  });
  const container = host.shadowRoot?.querySelector<HTMLElement>('.outsync-embed') as HTMLElement;
  const view = within(container);
  const profileLabel = await view.findByText('Select Profile:', { selector: 'label' });
  // By the label's `for`, each time: the first click swaps the closed stand-in for the real
  // select (downshift loads on first use), under the same id.
  const profileSelect = () =>
    container.querySelector<HTMLElement>(
      `[id="${profileLabel.getAttribute('for')}"]`,
    ) as HTMLElement;

  fireEvent.click(profileSelect());
  pickWithMouse(await view.findByRole('option', { name: /ada@acme\.test/ }));

  expect(await view.findByRole('heading', { name: 'Create a webhook:' })).toBeTruthy();
  expect(profileSelect().textContent).toContain('ada@acme.test');

  // The searchable owner select too (downshift's combobox hook).
  const ownerLabel = await view.findByText('Select owner', { selector: 'label' });
  const ownerInput = container.querySelector<HTMLInputElement>(
    `[id="${ownerLabel.getAttribute('for')}"]`,
  ) as HTMLInputElement;
  fireEvent.click(ownerInput);
  pickWithMouse(await view.findByRole('option', { name: 'Grace Hopper grace@acme.test' }));
  expect(ownerInput.value).toBe('Grace Hopper');

  host.remove();
});
