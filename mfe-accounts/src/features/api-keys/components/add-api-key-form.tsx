import { platformFacts, platformFromAnySpelling } from '@outsync/contracts';
import { ApiKeyCreateRequestSchema, type IntegrationItem } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { ProfileSelect } from '@outsync/app-runtime/profile-select';
import {
  FormActions,
  FieldGrid,
  ScreenSection,
  StackedForm,
} from '../../../shared/components/screen-parts';
import { validationToast } from '@outsync/app-runtime';
import { useCheckApiKey } from '../api/check-api-key';
import { useCreateApiKey } from '../api/create-api-key';
import { PlatformSelect } from './platform-select';

/** The add form's texts (spec 02 §2.4, §8; the base URL placeholder is ours). */
export const addApiKeyTexts = {
  title: 'Add API Key',
  apiKey: 'API Key',
  baseUrl: 'Base URL',
  baseUrlPlaceholder: 'https://mail.yourcompany.com',
  description: 'Description',
  create: 'Create',
  created: 'Validated API key',
} as const;

const emptyForm = {
  userProfileId: null,
  platform: null,
  apiKey: '',
  baseUrl: '',
  description: '',
};

/**
 * "Add API Key" (spec 02 §2.4, §5): checked in the spec's order by the contract's rule, then
 * checked with the platform through the service, and only then created.
 */
export function AddApiKeyForm({ integrations }: { integrations: readonly IntegrationItem[] }) {
  const toast = useToast();
  const check = useCheckApiKey();
  const create = useCreateApiKey();
  const form = useZodForm({
    schema: ApiKeyCreateRequestSchema,
    defaultValues: emptyForm,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });
  const platform = platformFromAnySpelling(form.values.platform) ?? null;
  const withBaseUrl = platform !== null && platformFacts[platform].apiKeyHasBaseUrl;

  return (
    <ScreenSection title={addApiKeyTexts.title}>
      <StackedForm
        noValidate
        onSubmit={form.handleSubmit(async (key) => {
          const { apiKey, platform: keyPlatform, baseUrl } = key;
          const accepted = await check.mutateAsync({ apiKey, platform: keyPlatform, baseUrl }).then(
            () => true,
            () => false,
          );
          if (!accepted) return;
          const created = await create.mutateAsync(key).catch(() => null);
          if (!created) return;
          toast.show({ severity: 'success', detail: addApiKeyTexts.created });
          form.reset({ ...emptyForm, userProfileId: key.userProfileId });
        })}
      >
        <FieldGrid>
          <ProfileSelect
            integrations={integrations}
            value={form.values.userProfileId}
            onChange={(id) => form.setValue('userProfileId', id)}
            error={form.errors.userProfileId}
          />
          <PlatformSelect
            value={platform}
            onChange={(next) => form.setValue('platform', next)}
            error={form.errors.platform}
          />
          <TextField
            {...form.field('apiKey')}
            label={addApiKeyTexts.apiKey}
            autoComplete="off"
            spellCheck={false}
          />
          {withBaseUrl ? (
            <TextField
              {...form.field('baseUrl')}
              label={addApiKeyTexts.baseUrl}
              placeholder={addApiKeyTexts.baseUrlPlaceholder}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
            />
          ) : null}
          <TextField {...form.field('description')} label={addApiKeyTexts.description} />
        </FieldGrid>
        <FormActions>
          <SubmitButton busy={form.submitting}>{addApiKeyTexts.create}</SubmitButton>
        </FormActions>
      </StackedForm>
    </ScreenSection>
  );
}
