import { useEffect, useRef } from 'react';
import { platformFacts, platformFromAnySpelling } from '@outsync/contracts';
import { ApiKeyUpdateRequestSchema, type ApiKey } from '@outsync/contracts/accounts';
import { Button, useToast } from '@outsync/ui';
import { PasswordField, SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { validationToast } from '@outsync/app-runtime';
import { FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { useCheckApiKey } from '../api/check-api-key';
import { useRevealApiKey } from '../api/reveal-api-key';
import { useUpdateApiKey } from '../api/update-api-key';
import { addApiKeyTexts } from './add-api-key-form';
import { PlatformSelect } from './platform-select';

/** The dialog's texts (spec 02 §2.4, §8). */
export const updateApiKeyTexts = {
  title: 'Update ApiKey',
  cancel: 'Cancel',
  update: 'Update',
  updated: 'Updated API key',
} as const;

/**
 * "Update ApiKey" (spec 02 §2.4, §5): the key (prefilled with the revealed one), platform, base
 * URL (bison only) and description. An empty key aborts silently; otherwise the contract's rule
 * applies, then the platform must accept the key before the update is sent.
 */
export function UpdateApiKeyDialog({
  apiKey,
  knownSecret,
  onClose,
  onUpdated,
}: {
  apiKey: ApiKey;
  /** The key as the table already shows it; fetched here otherwise. */
  knownSecret: string | null;
  onClose: () => void;
  onUpdated: (id: string) => void;
}) {
  const toast = useToast();
  const check = useCheckApiKey();
  const update = useUpdateApiKey();
  const { reveal, revealingId } = useRevealApiKey();
  const form = useZodForm({
    schema: ApiKeyUpdateRequestSchema,
    defaultValues: {
      apiKey: knownSecret ?? '',
      platform: apiKey.platform,
      baseUrl: apiKey.baseUrl ?? '',
      description: apiKey.description,
    },
    onInvalid: (errors, message) => {
      // Spec 02 §5: an empty apiKey aborts silently.
      if (errors.apiKey) return;
      toast.show(validationToast(message));
    },
  });
  const { setValue } = form;

  // Prefill the key once (StrictMode runs this effect twice on mount).
  const requested = useRef(knownSecret !== null);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    reveal(apiKey.id).then(
      (secret) => setValue('apiKey', secret),
      () => undefined,
    );
  }, [apiKey.id, reveal, setValue]);

  const platform = platformFromAnySpelling(form.values.platform) ?? null;
  const withBaseUrl = platform !== null && platformFacts[platform].apiKeyHasBaseUrl;

  return (
    <Dialog open onClose={onClose} title={updateApiKeyTexts.title}>
      <StackedForm
        noValidate
        onSubmit={form.handleSubmit(async ({ userProfileId: _none, ...body }) => {
          const accepted = await check
            .mutateAsync({ apiKey: body.apiKey, platform: body.platform, baseUrl: body.baseUrl })
            .then(
              () => true,
              () => false,
            );
          if (!accepted) return;
          const updated = await update.mutateAsync({ id: apiKey.id, body }).catch(() => null);
          if (!updated) return;
          toast.show({ severity: 'success', detail: updateApiKeyTexts.updated });
          onUpdated(apiKey.id);
          onClose();
        })}
      >
        <PasswordField
          {...form.field('apiKey')}
          // The silent abort shows no error either.
          error={undefined}
          label={addApiKeyTexts.apiKey}
          autoComplete="off"
          disabled={revealingId === apiKey.id}
        />
        <PlatformSelect
          value={platform}
          onChange={(next) => setValue('platform', next)}
          error={form.errors.platform}
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
        <FormActions>
          <Button $variant="secondary" onClick={onClose}>
            {updateApiKeyTexts.cancel}
          </Button>
          <SubmitButton busy={form.submitting}>{updateApiKeyTexts.update}</SubmitButton>
        </FormActions>
      </StackedForm>
    </Dialog>
  );
}
