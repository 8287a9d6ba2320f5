import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useMutation } from '@tanstack/react-query';
import { ProfileFlagNote } from '@outsync/app-runtime/profile-select';
import { crmDisplayNames } from '@outsync/contracts';
import type { IntegrationItem } from '@outsync/contracts/accounts';
import {
  webhookBodyFromForm,
  webhookFormFromWebhook,
  type Webhook,
  type WebhookFormValues,
} from '@outsync/contracts/webhooks';
import { Spinner, useToast } from '@outsync/ui';
import { FormActions, SubmitButton } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { useProfileApiKeys } from '../api/get-api-keys';
import { useUpdateWebhook } from '../api/update-webhook';
import { useWebhookFormState } from '../state/webhook-form-state';
import { FieldStack } from './form-parts';
import { DryRunPreview } from './dry-run-preview';
import { useSaveChecks } from './use-save-checks';
import type { ApiKeyChoice } from './use-webhook-form-data';
import { WebhookFields } from './webhook-fields';

/** Spec 01 §2.10, §8: the dialog's own texts. */
export const webhookSettingsTexts = {
  title: (crm: string) => `Update Webhook ${crm}`,
  loading: 'Loading webhook settings',
  submit: 'Update',
  updated: 'Webhook has been updated',
  // Beyond the spec (issue 31): the profile's flags (spec 02 §3), said before anything is changed.
  webhooksOff:
    'Webhooks are not enabled for this profile, so a change to this webhook is refused. Ask an admin to turn on Webhooks for it in Users.',
  endpointsOff:
    'Additional endpoints are not enabled for this profile: a webhook that forwards to one is refused. Ask an admin to turn on Additional Webhooks for it in Users.',
} as const;

/**
 * 'Webhook Settings' (spec 01 §2.10): reads the owner's API keys, then shows the create form's
 * fields of the webhook's CRM, without owner and URL, starting from the stored settings. Update
 * shows only to who may change the webhook; a saved change closes the dialog.
 */
export function WebhookSettingsDialog({
  webhook,
  profile,
  onClose,
}: {
  webhook: Webhook;
  /**
   * The webhook's profile among the caller's own, with its flags; absent (someone else's
   * profile, or not read yet), no flag is said.
   */
  profile?: IntegrationItem | undefined;
  onClose: () => void;
}) {
  const apiKeys = useProfileApiKeys(webhook.userProfileId, null);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={webhookSettingsTexts.title(crmDisplayNames[webhook.user.profile])}
    >
      {apiKeys.isPending ? (
        <Centered>
          <Spinner label={webhookSettingsTexts.loading} />
        </Centered>
      ) : (
        <SettingsForm
          webhook={webhook}
          profile={profile}
          apiKeys={apiKeys.data ?? []}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function SettingsForm({
  webhook,
  profile,
  apiKeys,
  onClose,
}: {
  webhook: Webhook;
  profile: IntegrationItem | undefined;
  apiKeys: readonly ApiKeyChoice[];
  onClose: () => void;
}) {
  const toast = useToast();
  const [values, dispatch] = useWebhookFormState(() => webhookFormFromWebhook(webhook));
  const update = useUpdateWebhook();
  const checks = useSaveChecks(webhook.userProfileId);

  // One run from the checks to the answer: the button stays disabled throughout.
  const save = useMutation({
    mutationFn: async (form: WebhookFormValues) => {
      if (!(await checks(form, 'update'))) return false;
      await update.mutateAsync({ id: webhook.id, body: webhookBodyFromForm(form) });
      return true;
    },
    onSuccess: (updated) => {
      if (!updated) return;
      toast.show({ severity: 'success', detail: webhookSettingsTexts.updated });
      onClose();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (webhook.canUpdate && !save.isPending) save.mutate(values);
  };

  // The stored key stays offered even when the owner's list no longer holds it.
  const stored = webhook.apiKey;
  const keyOptions =
    stored && webhook.emailService && !apiKeys.some((key) => key.id === stored.id)
      ? [...apiKeys, { ...stored, platform: webhook.emailService }]
      : apiKeys;

  return (
    <form noValidate onSubmit={submit}>
      <FieldStack>
        {profile && webhook.canUpdate && !profile.user.canWebhook ? (
          <ProfileFlagNote>{webhookSettingsTexts.webhooksOff}</ProfileFlagNote>
        ) : null}
        {profile && webhook.canUpdate && !profile.user.canUserAccount ? (
          <ProfileFlagNote>{webhookSettingsTexts.endpointsOff}</ProfileFlagNote>
        ) : null}
        <WebhookFields
          kind="update"
          userProfileId={webhook.userProfileId}
          values={values}
          dispatch={dispatch}
          apiKeys={{ options: keyOptions, loading: false }}
          userAccounts={{ options: webhook.user.userAccounts, loading: false }}
        />
        {webhook.canUpdate ? (
          <DryRunPreview values={values} target={{ kind: 'update', webhookId: webhook.id }} />
        ) : null}
        {webhook.canUpdate ? (
          <FormActions>
            <SubmitButton busy={save.isPending}>{webhookSettingsTexts.submit}</SubmitButton>
          </FormActions>
        ) : null}
      </FieldStack>
    </form>
  );
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
`;
