// <outsync-webhooks> as a page without React uses it: attributes and properties mount it, the
// module's events arrive as DOM events on the element, and removing it unmounts the module.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { fakeService } from '../test/fake-service';
import { aWebhook, hubspotProfile } from '../test/fixtures';
import {
  defineOutSyncWebhooksElement,
  type OutSyncWebhooksElement,
} from './outsync-webhooks-element';

defineOutSyncWebhooksElement();

let element: OutSyncWebhooksElement | null = null;

afterEach(() => {
  act(() => element?.remove());
  element = null;
  jest.restoreAllMocks();
});

function createElement(attributes: Record<string, string>): OutSyncWebhooksElement {
  const created = document.createElement('outsync-webhooks') as OutSyncWebhooksElement;
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  element = created;
  return created;
}

function moduleView(host: HTMLElement) {
  const container = host.shadowRoot?.querySelector<HTMLElement>('.outsync-embed');
  if (!container) throw new Error('the module is not mounted');
  return within(container);
}

test('defining it twice is harmless', () => {
  expect(() => defineOutSyncWebhooksElement()).not.toThrow();
  expect(customElements.get('outsync-webhooks')).toBeDefined();
});

test('it mounts once connected with a token and an api-base-url; attributes theme it and name the product', async () => {
  const api = fakeService({ integrations: [hubspotProfile], webhooks: [] });
  api.acceptEmbedTokens(['token-1']);
  const host = createElement({
    'api-base-url': 'https://api.outsync.test',
    theme: 'dark',
    'product-name': 'Acme Portal',
  });

  document.body.append(host);
  // No token yet: nothing is mounted, nothing is asked.
  expect(host.shadowRoot).toBeNull();
  expect(api.requests).toHaveLength(0);

  await act(async () => {
    host.getToken = async () => 'token-1';
    host.themeTokens = { 'color-brand': '#0f766e' };
    host.token = 'token-1';
  });

  const view = moduleView(host);
  expect(
    await view.findByText('Welcome to Acme Portal! Create a webhook to get started.'),
  ).toBeTruthy();
  const root = host.shadowRoot as ShadowRoot;
  expect(root.querySelector('[data-outsync-theme]')?.getAttribute('data-outsync-theme')).toBe(
    'dark',
  );
  expect(
    root
      .querySelector<HTMLElement>('.outsync-embed')
      ?.style.getPropertyValue('--outsync-color-brand'),
  ).toBe('#0f766e');
  expect(api.requests[0]?.url).toMatch(/^https:\/\/api\.outsync\.test\/api\//);
  expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');

  // Attribute changes apply to the mounted module.
  await act(async () => {
    host.setAttribute('theme', 'light');
    host.setAttribute('product-name', 'Beta Hub');
  });
  expect(
    await view.findByText('Welcome to Beta Hub! Create a webhook to get started.'),
  ).toBeTruthy();
  expect(root.querySelector('[data-outsync-theme]')?.getAttribute('data-outsync-theme')).toBe(
    'light',
  );
});

test('module events are dispatched on the element as bubbling, composed CustomEvents', async () => {
  const webhook = aWebhook();
  const api = fakeService({ integrations: [hubspotProfile], webhooks: [webhook] });
  api.acceptEmbedTokens(['token-1']);
  const host = createElement({ 'api-base-url': 'https://api.outsync.test' });
  host.token = 'token-1';
  const heard: CustomEvent[] = [];
  const listener = (event: Event) => heard.push(event as CustomEvent);
  document.body.addEventListener('outsync:webhook-deleted', listener);

  await act(async () => document.body.append(host));
  const view = moduleView(host);
  const [deleteButton] = await view.findAllByRole('button', { name: 'Delete' });
  fireEvent.click(deleteButton as HTMLElement);
  fireEvent.click(within(await view.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  await waitFor(() => expect(heard).toHaveLength(1));
  document.body.removeEventListener('outsync:webhook-deleted', listener);
  const [event] = heard;
  expect(event?.target).toBe(host);
  expect(event?.bubbles).toBe(true);
  expect(event?.composed).toBe(true);
  expect(event?.detail).toMatchObject({
    type: 'webhook.deleted',
    webhook: { id: webhook.id, url: webhook.webhookUrl },
  });
});

test('removing the element unmounts the module; adding it again mounts it again', async () => {
  const api = fakeService({ integrations: [hubspotProfile], webhooks: [] });
  api.acceptEmbedTokens(['token-1']);
  const host = createElement({ 'api-base-url': 'https://api.outsync.test' });
  host.token = 'token-1';

  await act(async () => document.body.append(host));
  await moduleView(host).findByRole('heading', { level: 1, name: 'Webhooks' });

  act(() => host.remove());
  expect(host.shadowRoot?.childNodes).toHaveLength(0);

  await act(async () => document.body.append(host));
  expect(await moduleView(host).findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
});
