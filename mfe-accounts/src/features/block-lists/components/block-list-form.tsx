import { useCallback, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@outsync/contracts';
import type { BlockListSync, BlockListType } from '@outsync/contracts/accounts';
import type { output } from '@outsync/contracts/zod';
import { useToast } from '@outsync/ui';
import {
  SubmitButton,
  useZodForm,
  type FormSchema,
  type FormTransition,
  type FormValues,
} from '@outsync/ui/form';
import { validationToast } from '@outsync/app-runtime';
import { FieldGrid, FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { useProfileApiKeys } from '../api/get-profile-api-keys';
import { cachedClientCount } from '../api/get-smartlead-clients';
import {
  hasClientSelect,
  usesDomainForNonLatin,
  type BlockListFormContext,
  type TargetFields,
} from '../state/block-list-rules';
import { blockListFormTexts as t } from './block-list-form-texts';
import {
  ApiKeyField,
  BlockTypeField,
  ClientField,
  NonLatinNote,
  PlatformField,
  useKeyClients,
} from './target-fields';

// What both block-list forms (spec 02 §2.7) do alike: their state with the §4 transitions and
// the §5 checks as validation toasts, the fields after their list, and Start Blocking.

interface BlockListFormOptions<S extends FormSchema> {
  userProfileId: string;
  /** The CRM's values schema with its checks; its output is the CRM's create request. */
  schema: (context: BlockListFormContext) => S;
  defaultValues: FormValues<S>;
  transition: FormTransition<S>;
  /** The name of one of the lists (or reports) the form offers. */
  listName: (listId: string) => string;
  /** The CRM's Start Blocking call. */
  create: { mutateAsync: (body: output<S>) => Promise<BlockListSync> };
}

/**
 * A block-list form's state: invalid checks show as validation toasts, and a valid submit
 * creates the sync, says so and empties the form.
 */
export function useBlockListForm<S extends FormSchema>({
  userProfileId,
  schema,
  defaultValues,
  transition,
  listName,
  create,
}: BlockListFormOptions<S>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm({
    schema: schema({
      userProfileId,
      listName,
      // Read at submit time: the clients of the key chosen then.
      clientCount: (apiKeyId) => cachedClientCount(queryClient, apiKeyId),
    }),
    defaultValues,
    transition,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });
  const submit = form.handleSubmit(async (body) => {
    const created = await create.mutateAsync(body).catch(() => null);
    if (!created) return;
    toast.show({ severity: 'success', detail: t.started(created) });
    form.reset();
  });
  return { ...form, submit };
}

/** What the shared fields read and change of either form's state. */
interface BlockListFormState {
  values: TargetFields;
  errors: Partial<Record<keyof TargetFields, string>>;
  submitting: boolean;
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  // A method, so that either form's setValue (over its own, wider values) fits.
  setValue<K extends keyof TargetFields>(name: K, value: TargetFields[K]): void;
}

/**
 * A block-list form: the CRM's list fields, then the fields both forms have (platform, API key,
 * the social tool's own fields, type of blocking, the non-Latin note, the client), then Start
 * Blocking.
 */
export function BlockListForm({
  form,
  userProfileId,
  listFields,
  listType,
  platforms,
  apiKeyLabel,
  socialFields = null,
}: {
  form: BlockListFormState;
  userProfileId: string;
  listFields: ReactNode;
  /** The kind of list read: it decides the non-Latin rule, and a company list blocks domains. */
  listType: BlockListType | null;
  platforms: readonly Platform[];
  apiKeyLabel: string;
  /** The fields the social tool needs between the API key and the type of blocking. */
  socialFields?: ReactNode;
}) {
  const { values, errors, setValue } = form;
  const apiKeys = useProfileApiKeys(userProfileId, values.platform);
  const clearApiKey = useCallback(() => setValue('apiKeyId', null), [setValue]);
  const clients = useKeyClients(values.platform, values.apiKeyId, clearApiKey);

  return (
    <StackedForm noValidate onSubmit={form.submit}>
      <FieldGrid>
        {listFields}
        <PlatformField
          platforms={platforms}
          value={values.platform}
          onChange={(platform) => setValue('platform', platform)}
          error={errors.platform}
        />
        <ApiKeyField
          label={apiKeyLabel}
          keys={values.platform === null ? [] : (apiKeys.data ?? [])}
          loading={apiKeys.isLoading}
          value={values.apiKeyId}
          onChange={(apiKeyId) => setValue('apiKeyId', apiKeyId)}
          error={errors.apiKeyId}
        />
        {socialFields}
        <BlockTypeField
          platform={values.platform}
          value={values.blockType}
          onChange={(blockType) => setValue('blockType', blockType)}
          // A company list blocks domains (spec 02 §4).
          disabled={listType === 'COMPANY_LIST'}
          error={errors.blockType}
        />
        {usesDomainForNonLatin({ ...values, listType }) ? (
          <NonLatinNote platform={values.platform} />
        ) : null}
        {hasClientSelect(values.platform) ? (
          <ClientField
            platform={values.platform}
            clients={clients.data ?? []}
            loading={clients.isLoading}
            value={values.client}
            onChange={(client) => setValue('client', client)}
            error={errors.client}
          />
        ) : null}
      </FieldGrid>
      <FormActions>
        <SubmitButton busy={form.submitting}>{t.start}</SubmitButton>
      </FormActions>
    </StackedForm>
  );
}
