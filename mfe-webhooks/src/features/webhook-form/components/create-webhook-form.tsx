import { useId, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAtomValue } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { productNameAtom } from '@outsync/app-runtime';
import { ProfileFlagNote } from '@outsync/app-runtime/profile-select';
import { webhookDefaultsByCrm } from '@outsync/contracts';
import type { CrmOwner, IntegrationItem } from '@outsync/contracts/accounts';
import {
  initialWebhookForm,
  showsApiKey,
  webhookBodyFromForm,
  type WebhookFormValues,
} from '@outsync/contracts/webhooks';
import { useToast, theme } from '@outsync/ui';
import { FormActions, SubmitButton, TextField } from '@outsync/ui/form';
import { OptionLines, Select } from '@outsync/ui/select';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhookCode } from '../api/generate-webhook-code';
import { useProfileApiKeys } from '../api/get-api-keys';
import { useOwnersAndUserAccounts } from '../api/get-owners-and-user-accounts';
import { useWebhookFormState } from '../state/webhook-form-state';
import { FieldStack } from './form-parts';
import { DryRunPreview } from './dry-run-preview';
import { useSaveChecks } from './use-save-checks';
import { WebhookFields } from './webhook-fields';

/** Spec 01 §2.7, §8: the create form's own texts ([product] is the product's name). */
export const createWebhookFormTexts = {
  heading: 'Create a webhook:',
  intro: (product: string) =>
    `This ${product} webhook URL is the place you will send your outbound campaign data.`,
  owner: 'Select owner',
  ownerPlaceholder: 'Select an owner',
  ownersEmpty: 'No owners found',
  webhookUrl: 'Webhook URL',
  submit: 'Create Webhook',
  created: 'Created webhook',
  // Beyond the spec (issue 31): the profile's flags (spec 02 §3), said before anything is filled.
  webhooksOff:
    'Webhooks are not enabled for this profile, so a webhook cannot be created on it. Ask an admin to turn on Webhooks for it in Users.',
  endpointsOff:
    'Additional endpoints are not enabled for this profile: a webhook that forwards to one is refused. Ask an admin to turn on Additional Webhooks for it in Users.',
} as const;

const ownerName = (owner: CrmOwner) => `${owner.firstName} ${owner.lastName}`;

/**
 * 'Create a webhook:' for one profile, in its CRM's variant (spec 01 §2.7–2.9). A new profile
 * starts a new form.
 */
export function CreateWebhookForm({ profile }: { profile: IntegrationItem }) {
  // Without Webhooks the service refuses the webhook: said instead of a form to fill in.
  if (!profile.user.canWebhook) return <WebhooksOff />;
  return <ProfileWebhookForm key={profile.user.id} profile={profile} />;
}

function WebhooksOff() {
  const product = useAtomValue(productNameAtom);
  const headingId = useId();
  return (
    <Form as="section" aria-labelledby={headingId}>
      <header>
        <Heading id={headingId}>{createWebhookFormTexts.heading}</Heading>
        <Intro>{createWebhookFormTexts.intro(product)}</Intro>
      </header>
      <ProfileFlagNote>{createWebhookFormTexts.webhooksOff}</ProfileFlagNote>
    </Form>
  );
}

function ProfileWebhookForm({ profile }: { profile: IntegrationItem }) {
  const { id: userProfileId, profile: crm } = profile.user;
  const texts = createWebhookFormTexts;
  const product = useAtomValue(productNameAtom);
  const headingId = useId();
  const toast = useToast();
  const [values, dispatch] = useWebhookFormState(() => initialWebhookForm(crm));
  const ownersAndAccounts = useOwnersAndUserAccounts(crm, userProfileId);
  const apiKeys = useProfileApiKeys(userProfileId, values.emailService, {
    enabled: showsApiKey(values),
  });
  const webhookCode = useWebhookCode(userProfileId);
  const create = useCreateWebhook();
  const checks = useSaveChecks(userProfileId);

  // One run from the checks to the answer: the button stays busy throughout.
  const save = useMutation({
    mutationFn: async (form: WebhookFormValues) => {
      if (!(await checks(form, 'create'))) return false;
      await create.mutateAsync({
        ...webhookBodyFromForm(form),
        userProfileId,
        selectedOwner: form.owner,
        code: webhookCode.code ?? '',
      });
      return true;
    },
    onSuccess: (created) => {
      if (!created) return;
      toast.show({ severity: 'success', detail: texts.created });
      // The code now belongs to the new webhook: the next one needs its own (spec 01 §4).
      webhookCode.regenerate();
    },
  });

  const owners = ownersAndAccounts.data?.owners ?? [];
  const ownerKey = (owner: CrmOwner) =>
    webhookDefaultsByCrm[crm].ownerTrackedBy === 'email' ? owner.email : owner.id;
  const { owner: chosen } = values;
  const chosenOwner =
    chosen === null
      ? null
      : (owners.find((owner) => ownerKey(owner) === ownerKey(chosen)) ?? chosen);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate(values);
  };

  return (
    <Form aria-labelledby={headingId} noValidate onSubmit={submit}>
      <header>
        <Heading id={headingId}>{texts.heading}</Heading>
        <Intro>{texts.intro(product)}</Intro>
      </header>
      {profile.user.canUserAccount ? null : <ProfileFlagNote>{texts.endpointsOff}</ProfileFlagNote>}
      <FieldStack>
        <Select<CrmOwner>
          label={texts.owner}
          placeholder={texts.ownerPlaceholder}
          searchable
          options={owners}
          loading={ownersAndAccounts.isPending}
          emptyText={texts.ownersEmpty}
          getOptionValue={ownerKey}
          getOptionLabel={ownerName}
          getOptionSearchText={(owner) => owner.email}
          renderOption={(owner) => (
            <OptionLines primary={ownerName(owner)} secondary={owner.email} />
          )}
          value={chosenOwner}
          onChange={(owner) => {
            if (owner === null || (chosen !== null && ownerKey(owner) === ownerKey(chosen))) return;
            dispatch({ type: 'set', patch: { owner } });
            // Spec 01 §4: another owner gets another webhook URL.
            webhookCode.regenerate();
          }}
        />
        <WebhookFields
          kind="create"
          userProfileId={userProfileId}
          values={values}
          dispatch={dispatch}
          apiKeys={{ options: apiKeys.data ?? [], loading: apiKeys.isFetching }}
          userAccounts={{
            options: ownersAndAccounts.data?.userAccounts ?? [],
            loading: ownersAndAccounts.isPending,
          }}
          onPlatformChanged={webhookCode.regenerate}
        />
        <TextField label={texts.webhookUrl} value={webhookCode.url} readOnly />
        <DryRunPreview values={values} target={{ kind: 'create', userProfileId, owner: chosen }} />
      </FieldStack>
      <FormActions>
        <SubmitButton busy={save.isPending}>{texts.submit}</SubmitButton>
      </FormActions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(5)};
  min-width: 0;
`;

const Heading = styled.h2`
  margin: 0 0 ${theme.space(1)};
  font-size: ${theme.font.size.lg};
`;

const Intro = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;
