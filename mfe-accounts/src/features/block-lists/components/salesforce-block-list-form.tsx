import { crmDisplayNames, platformFacts, PlatformSchema } from '@outsync/contracts';
import type { SalesforceList } from '@outsync/contracts/accounts';
import { MultiSelect, Select } from '@outsync/ui/select';
import { useCreateSalesforceBlockList } from '../api/create-salesforce-block-list';
import { useSalesforceListSources } from '../api/get-salesforce-list-sources';
import { useSalesforceReportFields } from '../api/get-salesforce-report-fields';
import {
  emptySalesforceBlockListForm,
  salesforceBlockListSchema,
  salesforceBlockListTransition,
} from '../state/salesforce-block-list-form';
import { BlockListForm, useBlockListForm } from './block-list-form';
import { blockListFormTexts as t } from './block-list-form-texts';

const crmName = crmDisplayNames.SALESFORCE;

/** HeyReach is not offered: a report holds no profile URLs to block (spec 02 §9). */
const salesforcePlatforms = PlatformSchema.options.filter(
  (platform) => platformFacts[platform].salesforceBlockLists,
);

/**
 * The SALESFORCE block-list form (spec 02 §2.7) for one profile: a report and its fields, every
 * platform but HeyReach, keys under a plain "API Key".
 */
export function SalesforceBlockListForm({ userProfileId }: { userProfileId: string }) {
  const reports = useSalesforceListSources(userProfileId);
  const form = useBlockListForm({
    userProfileId,
    schema: salesforceBlockListSchema,
    defaultValues: emptySalesforceBlockListForm,
    transition: salesforceBlockListTransition,
    listName: (listId) => reports.data?.find((report) => report.Id === listId)?.Name ?? '',
    create: useCreateSalesforceBlockList(),
  });
  const { values, errors, setValue } = form;
  const reportFields = useSalesforceReportFields(userProfileId, values.listIdentifier);
  const reportOptions = reports.data ?? [];

  return (
    <BlockListForm
      form={form}
      userProfileId={userProfileId}
      listFields={
        <>
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
        </>
      }
      // A report is read as a contact list.
      listType="CONTACT_LIST"
      platforms={salesforcePlatforms}
      apiKeyLabel={t.salesforceApiKey}
    />
  );
}
