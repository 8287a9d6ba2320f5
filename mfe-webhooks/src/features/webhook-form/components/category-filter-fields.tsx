import { useAtomValue } from 'jotai';
import { productNameAtom } from '@outsync/app-runtime';
import type { ApprovedEventsMode } from '@outsync/contracts';
import { showsApiKey, type WebhookCategory } from '@outsync/contracts/webhooks';
import { MultiSelect, Select } from '@outsync/ui/select';
import { labelOf } from './form-parts';
import type { ApiKeyChoice, WebhookFormModel } from './use-webhook-form-data';

/** Spec 01 §2.7: the approved-events, API key and category texts ([product] is the product's name). */
export const categoryFilterTexts = {
  approvedEvents: 'Approved events for data sync',
  all: 'All',
  filtered: 'Filtered',
  allHelp: (product: string) =>
    `All data sent to ${product} will sync. Better for attribution, omnichannel follow up, and full visibility.`,
  filteredHelp: (product: string) =>
    `Filtered data sent to ${product} will sync based on the lead category. Better for experimental campaigns or strict CRM hygiene requirements.`,
  apiKey: 'API Key',
  apiKeyPlaceholder: 'Select an API key',
  apiKeyEmpty: 'API Key not found',
  apiKeyClear: 'Clear API key',
  categories: 'Category-based filter',
  categoriesPlaceholder: 'Select categories',
  categoriesEmpty: 'Categories not found',
} as const;

/** As the webhook tables show a category: 'ID: {id} - {name}' (spec 01 §2.6). */
const categoryLabel = (category: WebhookCategory) => `ID: ${category.id} - ${category.name}`;

const modes: readonly ApprovedEventsMode[] = ['all', 'filtered'];
const modeLabels: Record<ApprovedEventsMode, string> = {
  all: categoryFilterTexts.all,
  filtered: categoryFilterTexts.filtered,
};

/**
 * 'Approved events for data sync' with its explanation; when filtered, 'API Key' (smartlead,
 * instantly and heyreach) and the 'Category-based filter' of the key's lead categories, or
 * bison's fixed list.
 */
export function CategoryFilterFields({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch, data } = form;
  const product = useAtomValue(productNameAtom);
  const label = (text: string) => labelOf(kind, text);
  const texts = categoryFilterTexts;
  const filtered = values.approvedEvents === 'filtered';
  const chosenKey =
    values.apiKeyId === null
      ? null
      : (data.apiKeys.options.find((key) => key.id === values.apiKeyId) ?? null);

  return (
    <>
      <Select<ApprovedEventsMode>
        label={label(texts.approvedEvents)}
        help={filtered ? texts.filteredHelp(product) : texts.allHelp(product)}
        options={modes}
        getOptionValue={(mode) => mode}
        getOptionLabel={(mode) => modeLabels[mode]}
        value={values.approvedEvents}
        onChange={(mode) => {
          if (mode) dispatch({ type: 'set', patch: { approvedEvents: mode } });
        }}
      />
      {showsApiKey(values) ? (
        <Select<ApiKeyChoice>
          label={label(texts.apiKey)}
          placeholder={texts.apiKeyPlaceholder}
          clearable
          clearLabel={texts.apiKeyClear}
          options={data.apiKeys.options}
          loading={data.apiKeys.loading}
          emptyText={texts.apiKeyEmpty}
          getOptionValue={(key) => key.id}
          getOptionLabel={(key) => key.description}
          value={chosenKey}
          onChange={(key) => dispatch({ type: 'apiKey', apiKeyId: key?.id ?? null })}
        />
      ) : null}
      {filtered ? (
        <MultiSelect<WebhookCategory>
          label={label(texts.categories)}
          placeholder={texts.categoriesPlaceholder}
          options={data.categories.options}
          loading={data.categories.loading}
          emptyText={texts.categoriesEmpty}
          getOptionValue={(category) => category.id}
          getOptionLabel={categoryLabel}
          value={values.categories}
          onChange={(categories) => dispatch({ type: 'set', patch: { categories } })}
        />
      ) : null}
    </>
  );
}
