import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { crmDisplayNames, platformFacts, PlatformSchema } from '@outsync/contracts';
import type { SalesforceList } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { SubmitButton, useZodForm } from '@outsync/ui/form';
import { MultiSelect, Select } from '@outsync/ui/select';
import { validationToast } from '@outsync/app-runtime';
import { FieldGrid, FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { useCreateSalesforceBlockList } from '../api/create-salesforce-block-list';
import { useProfileApiKeys } from '../api/get-profile-api-keys';
import { useSalesforceListSources } from '../api/get-salesforce-list-sources';
import { useSalesforceReportFields } from '../api/get-salesforce-report-fields';
import { cachedClientCount } from '../api/get-smartlead-clients';
import { hasClientSelect, usesDomainForNonLatin } from '../state/block-list-rules';
import {
  emptySalesforceBlockListForm,
  salesforceBlockListSchema,
  salesforceBlockListTransition,
} from '../state/salesforce-block-list-form';
import { blockListFormTexts as t } from './block-list-form-texts';
import {
  ApiKeyField,
  BlockTypeField,
  ClientField,
  NonLatinNote,
  PlatformField,
  useKeyClients,
} from './target-fields';

const crmName = crmDisplayNames.SALESFORCE;

/** HeyReach is not offered: a report holds no profile URLs to block (spec 02 §9). */
const salesforcePlatforms = PlatformSchema.options.filter(
  (platform) => platformFacts[platform].salesforceBlockLists,
);

/**
 * The SALESFORCE block-list form (spec 02 §2.7) for one profile: a report and its fields, the
 * §4 transitions, the §5 checks as validation toasts, then Start Blocking.
 */
export function SalesforceBlockListForm({ userProfileId }: { userProfileId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const reports = useSalesforceListSources(userProfileId);
  const create = useCreateSalesforceBlockList();
  const form = useZodForm({
    schema: salesforceBlockListSchema({
      userProfileId,
      listName: (listId) => reports.data?.find((report) => report.Id === listId)?.Name ?? '',
      // Read at submit time: the clients of the key chosen then.
      clientCount: (apiKeyId) => cachedClientCount(queryClient, apiKeyId),
    }),
    defaultValues: emptySalesforceBlockListForm,
    transition: salesforceBlockListTransition,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });
  const { values, errors, setValue } = form;
  const reportFields = useSalesforceReportFields(userProfileId, values.listIdentifier);
  const apiKeys = useProfileApiKeys(userProfileId, values.platform);
  const clearApiKey = useCallback(() => setValue('apiKeyId', null), [setValue]);
  const clients = useKeyClients(values.platform, values.apiKeyId, clearApiKey);
  const reportOptions = reports.data ?? [];

  return (
    <StackedForm
      noValidate
      onSubmit={form.handleSubmit(async (body) => {
        const created = await create.mutateAsync(body).catch(() => null);
        if (!created) return;
        toast.show({ severity: 'success', detail: t.started(created) });
        form.reset();
      })}
    >
      <FieldGrid>
        <Select<SalesforceList>
          label={t.listSource(crmName)}
          placeholder={t.listSourcePlaceholder}
          searchable
          options={reportOptions}
          loading={reports.isPending}
          emptyText={t.listSourceEmpty}
          getOptionValue={(report) => report.Id}
          getOptionLabel={t.salesforceList}
          value={reportOptions.find((report) => report.Id === values.listIdentifier) ?? null}
          onChange={(report) => setValue('listIdentifier', report?.Id ?? null)}
          error={errors.listIdentifier}
        />
        <MultiSelect<string>
          label={t.selectFields}
          placeholder={t.selectFieldsPlaceholder}
          options={values.listIdentifier === null ? [] : (reportFields.data ?? [])}
          loading={reportFields.isLoading}
          getOptionValue={(field) => field}
          getOptionLabel={(field) => field}
          value={values.fields}
          onChange={(fields) => setValue('fields', fields)}
          error={errors.fields}
        />
        <PlatformField
          platforms={salesforcePlatforms}
          value={values.platform}
          onChange={(platform) => setValue('platform', platform)}
          error={errors.platform}
        />
        <ApiKeyField
          label={t.salesforceApiKey}
          keys={values.platform === null ? [] : (apiKeys.data ?? [])}
          loading={apiKeys.isLoading}
          value={values.apiKeyId}
          onChange={(apiKeyId) => setValue('apiKeyId', apiKeyId)}
          error={errors.apiKeyId}
        />
        <BlockTypeField
          platform={values.platform}
          value={values.blockType}
          onChange={(blockType) => setValue('blockType', blockType)}
          error={errors.blockType}
        />
        {usesDomainForNonLatin({ ...values, listType: 'CONTACT_LIST' }) ? (
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
