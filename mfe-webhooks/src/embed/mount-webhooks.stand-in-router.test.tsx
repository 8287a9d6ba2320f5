// The embed build replaces react-router with memory-router.tsx (rspack.config.ts); so does this
// file, so the page's router hooks run on the stand-in as in a partner's page.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { fakeService } from '../test/fake-service';
import { aWebhook, hubspotProfile } from '../test/fixtures';
import { mountWebhooks, type MountedWebhooks } from './mount-webhooks';

jest.mock('react-router', () => jest.requireActual('./memory-router'));

let mounted: MountedWebhooks | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  act(() => mounted?.unmount());
  host?.remove();
});

async function mount() {
  host = document.createElement('div');
  document.body.append(host);
  const element = host;
  await act(async () => {
    mounted = mountWebhooks(element, {
      token: 'token-1',
      getToken: async () => 'token-1',
      apiBaseUrl: 'https://api.outsync.test',
    });
  });
  return within(element.shadowRoot?.querySelector<HTMLElement>('.outsync-embed') as HTMLElement);
}

test('the lists show, and a dialog opens and closes, on the stand-in router', async () => {
  fakeService({ integrations: [hubspotProfile], webhooks: [aWebhook()] }).acceptEmbedTokens([
    'token-1',
  ]);
  const view = await mount();

  expect(await view.findByText('Existing webhooks:')).toBeTruthy();
  const [deleteButton] = await view.findAllByRole('button', { name: 'Delete' });
  fireEvent.click(deleteButton as HTMLElement);
  const question = await view.findByRole('dialog');
  fireEvent.click(within(question).getByRole('button', { name: 'No' }));
  await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
  expect(view.getByText('Existing webhooks:')).toBeTruthy();
});

test('without integrations the first-run note shows, with no links', async () => {
  fakeService({ integrations: [], webhooks: [] }).acceptEmbedTokens(['token-1']);
  const view = await mount();

  expect(await view.findByText("You don't have any integrations!")).toBeTruthy();
  expect(view.queryByRole('link')).toBeNull();
});
