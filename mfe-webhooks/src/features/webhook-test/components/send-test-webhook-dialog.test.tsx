// Spec 01 §2.11, §4 "Test dialog", §5 "Test dialog", §7, §8 "Test webhook", §9. Every text is
// spelled out here, copied from the spec, never imported from the code.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { toastsAtom, UiProvider } from '@outsync/ui';
import { SendTestWebhookDialog } from './send-test-webhook-dialog';

const webhookUrl = 'https://api.outsync.test/webhooks/k3x9Qa7B';
const testUrl = 'https://api.outsync.test/webhooks/test/k3x9Qa7B';

type Store = ReturnType<typeof createStore>;

/** The dialog inside the providers the shell gives it, with its own toasts and query cache. */
function renderDialog(emailService: string | null) {
  const store: Store = createStore();
  const onClose = jest.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = render(
    <Provider store={store}>
      <UiProvider>
        <QueryClientProvider client={queryClient}>
          <SendTestWebhookDialog webhook={{ emailService, webhookUrl }} onClose={onClose} />
        </QueryClientProvider>
      </UiProvider>
    </Provider>,
  );
  return { store, onClose, view };
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const eventSelect = () => within(dialog()).getByRole('combobox', { name: 'Select Event Type' });
const testSync = () => within(dialog()).getByRole('button', { name: 'Test Sync' });

/** The payload editor's text, parsed. */
function payload(): Record<string, unknown> {
  return JSON.parse(field('JSON payload').value) as Record<string, unknown>;
}

function chooseEvent(name: string) {
  fireEvent.click(eventSelect());
  fireEvent.click(within(dialog()).getByRole('option', { name }));
}

function openAdvancedSettings() {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Advanced settings' }));
}

function editPayload(text: string) {
  fireEvent.change(field('JSON payload'), { target: { value: text } });
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('title and events', () => {
  test.each([
    ['smartlead', 'Send Test Webhook - Smartlead'],
    ['instantly', 'Send Test Webhook - Instantly'],
    ['heyreach', 'Send Test Webhook - HeyReach'],
    [null, 'Send Test Webhook - Universal'],
  ])('emailService %p: "%s"', (emailService, title) => {
    renderDialog(emailService);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
  });

  test("the platform's first event is selected, and the payload is that event's", () => {
    renderDialog('smartlead');
    expect(eventSelect().textContent).toBe('EMAIL_SENT');
    expect(payload().event_type).toBe('EMAIL_SENT');
  });

  test("only the platform's events are offered; the list is at most 400 px tall", () => {
    renderDialog('smartlead');
    fireEvent.click(eventSelect());
    const list = within(dialog()).getByRole('listbox', { name: 'Select Event Type' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'EMAIL_SENT',
      'EMAIL_OPEN',
      'EMAIL_REPLY',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_CATEGORY_UPDATED',
      'LEAD_UNSUBSCRIBED',
    ]);
    expect(getComputedStyle(list).maxHeight).toBe('400px');
  });

  test("selecting another event changes the payload's event type", () => {
    renderDialog('smartlead');
    chooseEvent('EMAIL_REPLY');
    expect(eventSelect().textContent).toBe('EMAIL_REPLY');
    expect(payload().event_type).toBe('EMAIL_REPLY');
  });

  test('HeyReach: the UI value sends its event_type and is_inmail', () => {
    renderDialog('heyreach');
    expect(payload().event_type).toBe('connection_request_sent');
    chooseEvent('REPLY_RECEIVED_PREMIUM');
    expect(payload()).toMatchObject({
      event_type: 'every_message_reply_received',
      is_inmail: true,
    });
    chooseEvent('MESSAGE_SENT_PREMIUM');
    expect(payload().event_type).toBe('inmail_sent');
  });

  test("no platform: every platform's events, and the chosen one's inputs", () => {
    renderDialog(null);
    fireEvent.click(eventSelect());
    const names = within(dialog())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toHaveLength(40);
    expect(names).toEqual(
      expect.arrayContaining(['Smartlead - EMAIL_SENT', 'EmailBison - EMAIL_SENT']),
    );
    fireEvent.click(within(dialog()).getByRole('option', { name: 'HeyReach - LIKED_POST' }));
    expect(payload().event_type).toBe('liked_post');
    expect(field('Recipient social profile')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Recipient e-mail address')).toBeNull();
    chooseEvent('Instantly - link_clicked');
    expect(payload().event_type).toBe('link_clicked');
    expect(field('Recipient e-mail address')).toBeTruthy();
  });

  test('selecting an event sets every timestamp to now', () => {
    jest.useFakeTimers({
      now: new Date('2031-05-06T07:08:09.123Z'),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask'],
    });
    renderDialog('instantly');
    expect(payload()).toMatchObject({
      timestamp: '2031-05-06T07:08:09.123Z',
      click_timestamp: '2031-05-06T07:08:09.123Z',
    });
    jest.setSystemTime(new Date('2032-01-02T03:04:05.006Z'));
    chooseEvent('link_clicked');
    expect(payload()).toMatchObject({
      timestamp: '2032-01-02T03:04:05.006Z',
      click_timestamp: '2032-01-02T03:04:05.006Z',
    });
  });

  test('the X closes the dialog', () => {
    const { onClose } = renderDialog('smartlead');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('recipient and advanced settings', () => {
  test('the recipient name is split into first and last name; the e-mail goes to the recipient', () => {
    renderDialog('smartlead');
    type('Recipient name', 'Mary Ann de la Cruz');
    type('Recipient e-mail address', 'mary@example.com');
    expect(payload()).toMatchObject({
      first_name: 'Mary',
      last_name: 'Ann de la Cruz',
      to_name: 'Mary Ann de la Cruz',
      to_email: 'mary@example.com',
      lead_email: 'mary@example.com',
    });
    // The inputs stay when another event is chosen.
    chooseEvent('EMAIL_BOUNCE');
    expect(payload()).toMatchObject({ event_type: 'EMAIL_BOUNCE', first_name: 'Mary' });
  });

  test('e-mail sequencers: no social profile and no status tags', () => {
    renderDialog('instantly');
    openAdvancedSettings();
    expect(field('Recipient e-mail address')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Recipient social profile')).toBeNull();
    expect(within(dialog()).queryByLabelText('Add status tags')).toBeNull();
  });

  test('HeyReach: the social profile, and status tags split on commas', () => {
    renderDialog('heyreach');
    expect(within(dialog()).queryByLabelText('Recipient e-mail address')).toBeNull();
    type('Recipient name', 'Priya Raman');
    type('Recipient social profile', 'https://www.linkedin.com/in/priya-raman-42');
    openAdvancedSettings();
    type('Add status tags', ' a, ,b ');
    expect(payload()).toMatchObject({
      lead: {
        first_name: 'Priya',
        last_name: 'Raman',
        full_name: 'Priya Raman',
        profile_url: 'https://www.linkedin.com/in/priya-raman-42',
      },
      tags: ['a', 'b'],
    });
  });

  test('os_objectlookup_id: its hint, and the value in the payload', () => {
    renderDialog('smartlead');
    openAdvancedSettings();
    const lookupId = field('Add os_objectlookup_id');
    expect(lookupId.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(lookupId.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Single value; accepts variable tokens.');
    expect(payload().os_objectlookup_id).toBe('');
    type('Add os_objectlookup_id', '{{ lead.crm_id }}');
    expect(payload().os_objectlookup_id).toBe('{{ lead.crm_id }}');
  });

  test('inputs are applied to the edited payload, keeping the edits', () => {
    renderDialog('smartlead');
    openAdvancedSettings();
    editPayload(JSON.stringify({ ...payload(), campaign_name: 'My own campaign' }));
    type('Recipient name', 'Lee Wong');
    expect(payload()).toMatchObject({
      campaign_name: 'My own campaign',
      first_name: 'Lee',
      last_name: 'Wong',
    });
  });

  test('each opening starts again: first event, no lookup id, no tags', () => {
    const { view } = renderDialog('heyreach');
    chooseEvent('LIKED_POST');
    openAdvancedSettings();
    type('Add os_objectlookup_id', 'A-1043');
    type('Add status tags', 'Interested');
    view.unmount();

    renderDialog('heyreach');
    expect(eventSelect().textContent).toBe('CONNECTION_REQUEST_SENT');
    expect(field('Add os_objectlookup_id').value).toBe('');
    expect(field('Add status tags').value).toBe('');
    expect(payload()).toMatchObject({ os_objectlookup_id: '', tags: [] });
  });
});

describe('the JSON payload', () => {
  test('valid JSON shows the valid badge', () => {
    renderDialog('smartlead');
    openAdvancedSettings();
    expect(within(dialog()).getByText('✅ Valid JSON')).toBeTruthy();
    expect((testSync() as HTMLButtonElement).disabled).toBe(false);
  });

  test('invalid JSON disables Test Sync and shows the message', () => {
    renderDialog('smartlead');
    openAdvancedSettings();
    editPayload('{"event_type": ');
    expect((testSync() as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog()).getByText('❌ Invalid JSON')).toBeTruthy();
    expect(
      within(dialog()).getByText('Invalid JSON format. Please check your JSON syntax.'),
    ).toBeTruthy();
    // Recipient inputs leave a text that does not parse as it is.
    type('Recipient name', 'Lee Wong');
    expect(field('JSON payload').value).toBe('{"event_type": ');
  });

  test('Reset Payload restores the default payload of the selected event', () => {
    renderDialog('smartlead');
    chooseEvent('EMAIL_LINK_CLICK');
    type('Recipient name', 'Lee Wong');
    openAdvancedSettings();
    const original = payload();
    editPayload('{"event_type": "SOMETHING_ELSE"');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Reset Payload' }));
    const restored = payload();
    expect(restored.event_type).toBe('EMAIL_LINK_CLICK');
    expect(restored.first_name).toBe('Lee');
    expect(Object.keys(restored)).toEqual(Object.keys(original));
    expect((testSync() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('sending', () => {
  function answer(status: number, body: unknown, statusText = '') {
    return jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  }

  /** The toast whose detail is `detail`, as the store keeps it. */
  function toastWith(store: Store, detail: string) {
    return store.get(toastsAtom).find((toast) => toast.detail === detail);
  }

  test('posts the payload to the test address and tells it was sent', async () => {
    const fetchMock = answer(200, { success: true, errors: null });
    const { store } = renderDialog('smartlead');
    chooseEvent('EMAIL_REPLY');
    type('Recipient e-mail address', 'mary@example.com');
    const shown = payload();
    fireEvent.click(testSync());

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(notifications).findByText('Test webhook was sent successfully'),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(testUrl);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(shown);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      event_type: 'EMAIL_REPLY',
      to_email: 'mary@example.com',
    });
    expect(toastWith(store, 'Test webhook was sent successfully')?.severity).toBe('success');
  });

  test('success false: the errors pretty-printed as JSON, sticky', async () => {
    answer(200, {
      success: false,
      errors: { owner: ['No CRM owner matches morgan.blake@brightpathsales.io'] },
    });
    const { store } = renderDialog('bison');
    fireEvent.click(testSync());

    const detail =
      '{\n  "owner": [\n    "No CRM owner matches morgan.blake@brightpathsales.io"\n  ]\n}';
    await waitFor(() => expect(toastWith(store, detail)).toBeDefined());
    expect(toastWith(store, detail)).toMatchObject({
      severity: 'error',
      summary: 'Error',
      life: 0,
    });
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(notifications.textContent).toContain(
      '"No CRM owner matches morgan.blake@brightpathsales.io"',
    );
  });

  test('a non-ok answer with errors: the errors, sticky', async () => {
    answer(422, { success: false, errors: ['lead.profile_url is required'] });
    const { store } = renderDialog('heyreach');
    fireEvent.click(testSync());

    const detail = '[\n  "lead.profile_url is required"\n]';
    await waitFor(() => expect(toastWith(store, detail)).toMatchObject({ life: 0 }));
    expect(toastWith(store, detail)?.severity).toBe('error');
  });

  test('a non-ok answer without errors: its message, else the status', async () => {
    answer(404, { message: 'Webhook not found', code: 'not_found' });
    const { store, view } = renderDialog('smartlead');
    fireEvent.click(testSync());
    await waitFor(() =>
      expect(toastWith(store, 'Webhook not found')).toMatchObject({ severity: 'error', life: 0 }),
    );
    view.unmount();

    answer(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const second = renderDialog('smartlead');
    fireEvent.click(testSync());
    await waitFor(() =>
      expect(toastWith(second.store, '502 Bad Gateway')).toMatchObject({
        severity: 'error',
        life: 0,
      }),
    );
  });

  test('a request that fails: "An unexpected error occurred"', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { store } = renderDialog('instantly');
    fireEvent.click(testSync());

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('An unexpected error occurred')).toBeTruthy();
    expect(toastWith(store, 'An unexpected error occurred')?.severity).toBe('error');
  });
});
