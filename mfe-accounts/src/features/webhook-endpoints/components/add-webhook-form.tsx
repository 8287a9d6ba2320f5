import { UserAccountCreateRequestSchema, type IntegrationItem } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { CheckboxField, SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { ProfileFlagNote, ProfileSelect } from '@outsync/app-runtime/profile-select';
import {
  FormActions,
  FieldGrid,
  FieldGridRow,
  ScreenSection,
  StackedForm,
} from '../../../shared/components/screen-parts';
import { validationToast } from '@outsync/app-runtime';
import { useCreateUserAccount } from '../api/create-user-account';

/** The add form's texts (spec 02 §2.6, §8; the placeholder is ours). */
export const addWebhookTexts = {
  title: 'Add Webhook',
  url: 'Webhook URL',
  urlPlaceholder: 'https://example.com/webhook',
  description: 'Description',
  create: 'Create',
  created: 'Validated webhook',
  // Ours (docs/forwarding.md "Sync alerts"): off unless asked for.
  syncAlerts: 'Also send sync alerts (sync.failed, sync.recovered)',
  syncAlertsHelp:
    "OutSync POSTs an alert here when writing to this profile's CRM fails, and again when it recovers.",
  // Ours (issue 31, item 5): said as soon as a profile without the flag is chosen.
  endpointsOff:
    'Additional Webhooks is not enabled for this profile: an endpoint added on it is saved, but OutSync forwards no events or sync alerts to it, and a webhook that forwards to it is refused, until an admin turns on Additional Webhooks for it in Users.',
} as const;

const emptyForm = { userProfileId: null, url: '', description: '', syncAlerts: false };

/**
 * "Add Webhook" (spec 02 §2.6, §5): Create stays disabled until URL and description are filled;
 * then the contract's rule checks the form in the spec's order, and the service reaches the URL
 * before it keeps it.
 */
export function AddWebhookForm({ integrations }: { integrations: readonly IntegrationItem[] }) {
  const toast = useToast();
  const create = useCreateUserAccount();
  const form = useZodForm({
    schema: UserAccountCreateRequestSchema,
    defaultValues: emptyForm,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });
  const filled = Boolean(form.values.url) && Boolean(form.values.description);
  const chosen = integrations.find((item) => item.user.id === form.values.userProfileId);

  return (
    <ScreenSection title={addWebhookTexts.title}>
      <StackedForm
        noValidate
        onSubmit={form.handleSubmit(async (endpoint) => {
          const created = await create.mutateAsync(endpoint).catch(() => null);
          if (!created) return;
          toast.show({ severity: 'success', detail: addWebhookTexts.created });
          form.reset({ ...emptyForm, userProfileId: endpoint.userProfileId });
        })}
      >
        {chosen && !chosen.user.canUserAccount ? (
          <ProfileFlagNote>{addWebhookTexts.endpointsOff}</ProfileFlagNote>
        ) : null}
        <FieldGrid>
          {/* A row of its own: a profile's label is long, and its options then take two lines. */}
          <FieldGridRow>
            <ProfileSelect
              integrations={integrations}
              value={form.values.userProfileId}
              onChange={(id) => form.setValue('userProfileId', id)}
              error={form.errors.userProfileId}
            />
          </FieldGridRow>
          <TextField
            {...form.field('url')}
            label={addWebhookTexts.url}
            placeholder={addWebhookTexts.urlPlaceholder}
            // Not type="url": the browser would trim the value, hiding "Fill URL" for blanks.
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
          <TextField {...form.field('description')} label={addWebhookTexts.description} />
        </FieldGrid>
        <CheckboxField
          name="syncAlerts"
          label={addWebhookTexts.syncAlerts}
          help={addWebhookTexts.syncAlertsHelp}
          checked={form.values.syncAlerts === true}
          onChange={(event) => form.setValue('syncAlerts', event.target.checked)}
        />
        <FormActions>
          <SubmitButton busy={form.submitting} disabled={!filled}>
            {addWebhookTexts.create}
          </SubmitButton>
        </FormActions>
      </StackedForm>
    </ScreenSection>
  );
}
