// The embed build replaces react-router with memory-router.tsx (rspack.config.ts); so does this
// file, so the page's router hooks run on the stand-in as in a partner's page.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { fakeService } from '../test/fake-service';
import { aWebhook, hubspotProfile } from '../test/fixtures';
import { mountEmbed, unmountEmbed } from '../test/mount-embed';

jest.mock('react-router', () => jest.requireActual('./memory-router'));

afterEach(unmountEmbed);

async function mount() {
  return (await mountEmbed({ getToken: async () => 'token-1' })).view;
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
