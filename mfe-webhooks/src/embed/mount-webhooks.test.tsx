// mountWebhooks as a partner's page uses it (issue 15): in a shadow root, themed, named, with the
// embed token, telling the page what the user did. The fake service answers as to an embed token.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { fakeService, type FakeService } from '../test/fake-service';
import { aWebhook, hubspotProfile } from '../test/fixtures';
import { webhookFormSeed } from '../test/webhook-form-data';
import { embedApiBaseUrl as apiBaseUrl, mountEmbed, unmountEmbed } from '../test/mount-embed';
import type { MountedWebhooks, MountWebhooksOptions } from './mount-webhooks';

let mounted: MountedWebhooks | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  unmountEmbed();
  mounted = null;
  host = null;
  jest.restoreAllMocks();
});

async function mount(options: Partial<MountWebhooksOptions> = {}) {
  const embed = await mountEmbed({ getToken: jest.fn(async () => 'token-2'), ...options });
  ({ mounted, host } = embed);
  const { shadowRoot, view, container } = embed;
  return { shadowRoot, view, combobox: (label: string) => comboboxLabelled(container, label) };
}

/**
 * The select labelled `label`. jsdom resolves aria-labelledby against the document, not the
 * shadow root (browsers use the shadow root), so role queries cannot name these; the label's
 * `for` finds the control as a user's click on the label would.
 */
async function comboboxLabelled(container: HTMLElement, label: string): Promise<HTMLElement> {
  const labelElement = await within(container).findByText(label, { selector: 'label' });
  const control = container.querySelector<HTMLElement>(
    `[id="${labelElement.getAttribute('for')}"]`,
  );
  if (control?.getAttribute('role') !== 'combobox') throw new Error(`no select "${label}"`);
  return control;
}

function embeddedService(seed: Parameters<typeof fakeService>[0] = {}): FakeService {
  const api = fakeService(seed);
  api.acceptEmbedTokens(['token-1']);
  return api;
}

test('the page renders in an open shadow root; its styles go there, never into the page', async () => {
  embeddedService({ integrations: [hubspotProfile], webhooks: [aWebhook()] });
  const headStyles = document.head.querySelectorAll('style').length;

  const { shadowRoot, view } = await mount();

  expect(host?.shadowRoot?.mode).toBe('open');
  expect(await view.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
  expect(await view.findByText('Existing webhooks:')).toBeTruthy();
  // Nothing of the module in the page's own tree.
  expect(document.body.textContent).not.toContain('Existing webhooks:');
  expect(document.head.querySelectorAll('style').length).toBe(headStyles);
  const ownStyles = Array.from(shadowRoot.querySelectorAll('style'))
    .map((style) => style.textContent)
    .join('\n');
  expect(ownStyles).toContain(':host');
  expect(ownStyles).toContain('box-sizing: border-box');
});

test('theme tokens land on the inner container as --outsync-* variables; the mode picks the palette', async () => {
  embeddedService({ integrations: [hubspotProfile] });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  const { shadowRoot } = await mount({
    theme: {
      mode: 'dark',
      tokens: { 'color-brand': '#0f766e', 'font-family': 'Georgia, serif' },
    },
  });

  const container = shadowRoot.querySelector<HTMLElement>('.outsync-embed');
  expect(container?.style.getPropertyValue('--outsync-color-brand')).toBe('#0f766e');
  expect(container?.style.getPropertyValue('--outsync-font-family')).toBe('Georgia, serif');
  expect(shadowRoot.querySelector('[data-outsync-theme]')?.getAttribute('data-outsync-theme')).toBe(
    'dark',
  );

  act(() =>
    mounted?.setTheme({ mode: 'light', tokens: { 'color-brand': '#be123c', nope: 'x' } as never }),
  );

  expect(container?.style.getPropertyValue('--outsync-color-brand')).toBe('#be123c');
  expect(container?.style.getPropertyValue('--outsync-font-family')).toBe('');
  expect(container?.style.getPropertyValue('--outsync-nope')).toBe('');
  expect(warn).toHaveBeenCalledWith('OutSync webhooks: unknown theme token "nope" ignored.');
  expect(shadowRoot.querySelector('[data-outsync-theme]')?.getAttribute('data-outsync-theme')).toBe(
    'light',
  );
});

test("the partner's product name shows in the spec's '[product]' texts", async () => {
  embeddedService({ integrations: [hubspotProfile], webhooks: [] });

  const { view } = await mount({ productName: 'Acme Portal' });

  expect(
    await view.findByText('Welcome to Acme Portal! Create a webhook to get started.'),
  ).toBeTruthy();
});

test('an unknown locale shows English and says so in the console', async () => {
  embeddedService({ integrations: [hubspotProfile], webhooks: [] });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  const { shadowRoot, view } = await mount({ locale: 'de-DE' });

  expect(
    await view.findByText('Welcome to OutSync! Create a webhook to get started.'),
  ).toBeTruthy();
  expect(shadowRoot.querySelector('.outsync-embed')?.getAttribute('lang')).toBe('en');
  expect(warn).toHaveBeenCalledWith(
    'OutSync webhooks: locale "de-DE" is not available; showing English.',
  );
});

test('a refused token: getToken is called once and the call goes again with the new token', async () => {
  const api = fakeService({ integrations: [hubspotProfile], webhooks: [aWebhook()] });
  api.acceptEmbedTokens(['token-2']);
  const getToken = jest.fn(async () => 'token-2');

  const { view } = await mount({ token: 'token-1', getToken });

  expect(await view.findByText('Existing webhooks:')).toBeTruthy();
  expect(getToken).toHaveBeenCalledTimes(1);
  const listCalls = api.sent('webhooks').map((request) => request.headers.get('Authorization'));
  // Every list call refused with the first token went again with the second (StrictMode and
  // the cache may have sent more than one), and none after that used the first.
  expect(listCalls[0]).toBe('Bearer token-1');
  expect(listCalls.at(-1)).toBe('Bearer token-2');
  const firstRetry = listCalls.indexOf('Bearer token-2');
  expect(listCalls.slice(firstRetry).every((sent) => sent === 'Bearer token-2')).toBe(true);
  // No cookies, no CSRF: every call carries the token and only the token.
  for (const request of api.requests) {
    expect(request.url.startsWith(`${apiBaseUrl}/`)).toBe(true);
    expect(request.headers.get('X-CSRF-Token')).toBeNull();
  }
});

test('onEvent hears webhook.created after a create, without secrets; menus and toasts stay in the shadow root', async () => {
  const api = embeddedService(webhookFormSeed());
  const onEvent = jest.fn();
  const { shadowRoot, view, combobox } = await mount({ onEvent });

  fireEvent.click(await combobox('Select Profile:'));
  fireEvent.click(await view.findByRole('option', { name: /ada@acme\.test/ }));
  await view.findByRole('heading', { name: 'Create a webhook:' });
  fireEvent.click(await combobox('Select owner'));
  // The open menu is in the shadow root, not in the page.
  expect(document.body.querySelector('[role="listbox"]')).toBeNull();
  fireEvent.click(await view.findByRole('option', { name: 'Grace Hopper grace@acme.test' }));
  fireEvent.click(await combobox('Sales Engagement Platform'));
  fireEvent.click(await view.findByRole('option', { name: 'Smartlead' }));
  fireEvent.click(view.getByRole('button', { name: 'Create Webhook' }));

  await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
  const [created] = api.db.webhooks;
  expect(onEvent).toHaveBeenCalledWith({
    type: 'webhook.created',
    webhook: {
      id: created?.id,
      url: created?.webhookUrl,
      code: created?.code,
      crm: 'HUBSPOT',
      platform: 'smartlead',
      organizationId: '20519234',
      createdAt: created?.createdAt,
    },
  });
  const toasts = within(
    shadowRoot.querySelector<HTMLElement>('[aria-label="Notifications"]') as HTMLElement,
  );
  expect(await toasts.findByText('Created webhook')).toBeTruthy();
  expect(document.body.querySelector('[aria-label="Notifications"]')).toBeNull();
});

test('onEvent hears webhook.deleted with the webhook that went', async () => {
  const webhook = aWebhook();
  embeddedService({ integrations: [hubspotProfile], webhooks: [webhook] });
  const onEvent = jest.fn();
  const { view } = await mount({ onEvent });

  // The webhook shows in 'Existing webhooks:' and in 'All webhooks:'; the first is the caller's.
  const [deleteButton] = await view.findAllByRole('button', { name: 'Delete' });
  fireEvent.click(deleteButton as HTMLElement);
  const question = await view.findByRole('dialog');
  expect(within(question).getByText("Do you want to delete Grace Hopper's webhook?")).toBeTruthy();
  // A native dialog, rendered in place: inside the shadow root.
  expect(document.body.querySelector('dialog')).toBeNull();
  fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));

  await waitFor(() =>
    expect(onEvent).toHaveBeenCalledWith({
      type: 'webhook.deleted',
      webhook: expect.objectContaining({ id: webhook.id, url: webhook.webhookUrl }),
    }),
  );
});

test('onEvent hears webhook.updated after Webhook Settings > Update', async () => {
  const webhook = aWebhook();
  embeddedService({ ...webhookFormSeed(), webhooks: [webhook] });
  const onEvent = jest.fn();
  const { view } = await mount({ onEvent });

  const [settings] = await view.findAllByRole('button', { name: 'Webhook Settings' });
  fireEvent.click(settings as HTMLElement);
  const dialog = await view.findByRole('dialog');
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Update' }));

  await waitFor(() =>
    expect(onEvent).toHaveBeenCalledWith({
      type: 'webhook.updated',
      webhook: expect.objectContaining({ id: webhook.id, url: webhook.webhookUrl }),
    }),
  );
});

test('unmount removes the module and its styles from the shadow root', async () => {
  embeddedService({ integrations: [hubspotProfile] });
  const { shadowRoot, view } = await mount();
  await view.findByRole('heading', { level: 1, name: 'Webhooks' });

  act(() => mounted?.unmount());

  expect(shadowRoot.childNodes).toHaveLength(0);
});

test('without integrations the embed says to connect a CRM first, with no links to dashboard screens', async () => {
  embeddedService({ integrations: [], webhooks: [] });
  const { view } = await mount();

  expect(await view.findByText("You don't have any integrations!")).toBeTruthy();
  expect(view.getByText(/^Connect your CRM first/)).toBeTruthy();
  expect(view.queryByRole('link', { name: /^Connect / })).toBeNull();
});
