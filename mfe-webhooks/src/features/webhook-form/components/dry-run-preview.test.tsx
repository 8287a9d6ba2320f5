// The dry-run preview's section (issue 34, item 2; its texts: docs/decisions.md, "Dry-run
// preview"): the sample chosen and the form's unsaved values go to the service, and its plan is
// shown as a person reads it. The plan itself is the service's (webhook-preview.sandbox.test.ts).
import { fireEvent, screen, within } from '@testing-library/react';
import { initialWebhookForm, type WebhookPreview } from '@outsync/contracts/webhooks';
import { fakeService } from '../../../test/fake-service';
import { renderInShell } from '../../../test/render-page';
import { webhookFormSeed } from '../../../test/webhook-form-data';
import { DryRunPreview } from './dry-run-preview';

const PROFILE_ID = '665f1b2c3d4e5f6071829304';
const WEBHOOK_ID = '665f1b2c3d4e5f6071829305';
const owner = { id: '501', email: 'grace@acme.test', firstName: 'Grace', lastName: 'H', name: '' };

const plan: WebhookPreview = {
  payload: { event_type: 'EMAIL_REPLY' },
  event: {
    platform: 'smartlead',
    type: 'EMAIL_REPLY',
    rawEventType: 'EMAIL_REPLY',
    leadEmail: 'ana@acme.test',
    leadProfileUrl: null,
    occurredAt: '2026-11-30T10:00:00.000Z',
  },
  status: 'synced',
  reason: null,
  warnings: [],
  lookups: [{ object: 'contacts', property: 'email', values: ['ana@acme.test'], found: [] }],
  writes: [
    {
      crm: 'HUBSPOT',
      object: 'contacts property',
      action: 'create_property',
      recordId: 'os_last_reply_time',
      existing: false,
      fields: { name: 'os_last_reply_time' },
      associations: [],
    },
    {
      crm: 'HUBSPOT',
      object: 'contacts',
      action: 'create',
      recordId: 'planned-contact-1',
      existing: false,
      fields: { email: 'ana@acme.test', firstname: '' },
      associations: [],
    },
    {
      crm: 'HUBSPOT',
      object: 'emails',
      action: 'create',
      recordId: 'planned-email-2',
      existing: false,
      fields: { hs_email_subject: 'Re: Quick question' },
      associations: [{ toId: 'planned-contact-1', typeId: 198 }],
    },
  ],
  forwards: [
    {
      url: 'https://hooks.example.com/ops',
      sent: false,
      reason: 'The endpoint was deleted.',
    },
  ],
};

test('previews the chosen test event with the unsaved values and shows the plan', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('previewWebhook', () => ({ body: plan }));
  const values = { ...initialWebhookForm('HUBSPOT'), emailService: 'smartlead' as const, owner };
  renderInShell(
    <DryRunPreview values={values} target={{ kind: 'create', userProfileId: PROFILE_ID, owner }} />,
  );
  const section = screen.getByRole('region', { name: 'Preview' });
  within(section).getByText(
    'Choose a sample event to see what this webhook would write with the settings above, before you save. Nothing is written to your CRM.',
  );
  const run = within(section).getByRole('button', { name: 'Preview' }) as HTMLButtonElement;
  expect(run.disabled).toBe(true);
  fireEvent.click(within(section).getByRole('combobox', { name: 'Sample event' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Test event: EMAIL_REPLY' }));
  fireEvent.click(run);

  const result = await screen.findByRole('region', { name: 'What this event would do' });
  expect(api.sent('previewWebhook')[0]?.body).toMatchObject({
    userProfileId: PROFILE_ID,
    selectedOwner: owner,
    sample: { kind: 'test', eventType: 'EMAIL_REPLY' },
  });
  within(result).getByText('Would be synced');
  within(result).getByText('Looks up contact by email = ana@acme.test: not found');
  within(result).getByText(
    'Create 1 OutSync properties (once, the first time this CRM account is written)',
  );
  const contact = within(result).getByRole('region', { name: 'Create contact' });
  within(within(contact).getByRole('row', { name: /firstname/ })).getByText('(empty)');
  const email = within(result).getByRole('region', { name: 'Create e-mail activity' });
  within(email).getByText('Re: Quick question');
  within(email).getByText('Linked to the new contact');
  within(result).getByText(
    'Not forwarded to https://hooks.example.com/ops: The endpoint was deleted.',
  );
});

test('says why an event would be held', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('previewWebhookUpdate', () => ({
    body: {
      ...plan,
      status: 'held',
      reason:
        'Held until the lead reaches an approved category (Interested); its category is not known yet.',
      lookups: [],
      writes: [],
      forwards: [],
    },
  }));
  api.on('webhookPreviewSamples', () => ({ body: [] }));
  const values = { ...initialWebhookForm('HUBSPOT'), emailService: 'smartlead' as const };
  renderInShell(
    <DryRunPreview values={values} target={{ kind: 'update', webhookId: WEBHOOK_ID }} />,
  );
  fireEvent.click(screen.getByRole('combobox', { name: 'Sample event' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Test event: EMAIL_SENT' }));
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  const result = await screen.findByRole('region', { name: 'What this event would do' });
  within(result).getByText('Would be held');
  within(result).getByText(
    'Held until the lead reaches an approved category (Interested); its category is not known yet.',
  );
  within(result).getByText('Nothing would be written to the CRM.');
  expect(within(result).queryAllByRole('table')).toHaveLength(0);
});
