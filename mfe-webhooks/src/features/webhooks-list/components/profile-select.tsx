import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { Select } from '@outsync/ui/select';

export const profileSelectTexts = {
  label: 'Select Profile:',
  placeholder: 'Select Profile',
} as const;

/**
 * 'Select Profile:': the profiles a webhook may be created on, each reading
 * 'profile - e-mail - organizationId organizationDomain' (spec 01 §2.6).
 */
export function ProfileSelect({
  integrations,
  value,
  onChange,
}: {
  integrations: readonly IntegrationItem[];
  value: IntegrationItem | null;
  onChange: (profile: IntegrationItem | null) => void;
}) {
  return (
    <Select<IntegrationItem>
      label={profileSelectTexts.label}
      placeholder={profileSelectTexts.placeholder}
      options={integrations}
      getOptionValue={(item) => item.user.id}
      getOptionLabel={integrationLabel}
      value={value}
      onChange={onChange}
    />
  );
}
