import type { ReactNode } from 'react';
import type { CrmProperty } from '@outsync/contracts/accounts';
import { OptionLines, Select } from '@outsync/ui/select';
import type { Choices } from './form-parts';

/** Spec 01 §2.7: what a property select says while loading and when it has nothing. */
export const propertySelectTexts = {
  loading: 'Loading properties...',
  empty: 'No properties found',
  placeholder: 'Select a property',
  clear: 'Clear property',
} as const;

/**
 * A CRM property select: each option shows its label, name and description; the search looks in
 * all three. A chosen name the list does not hold (yet) still shows, as its name.
 */
export function PropertySelect({
  label,
  help,
  value,
  onChange,
  properties,
}: {
  label: string;
  help?: ReactNode;
  value: string | null;
  onChange: (name: string | null) => void;
  properties: Choices<CrmProperty>;
}) {
  const chosen =
    value === null
      ? null
      : (properties.options.find((property) => property.name === value) ?? {
          name: value,
          label: value,
          description: '',
        });
  return (
    <Select<CrmProperty>
      label={label}
      help={help}
      searchable
      clearable
      clearLabel={propertySelectTexts.clear}
      placeholder={propertySelectTexts.placeholder}
      options={properties.options}
      loading={properties.loading}
      loadingText={propertySelectTexts.loading}
      emptyText={propertySelectTexts.empty}
      getOptionValue={(property) => property.name}
      getOptionLabel={(property) => property.label}
      getOptionSearchText={(property) => `${property.name} ${property.description}`}
      renderOption={(property) => (
        <OptionLines
          primary={property.label}
          secondary={property.name}
          tertiary={property.description}
        />
      )}
      value={chosen}
      onChange={(property) => onChange(property?.name ?? null)}
    />
  );
}
