import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { Select } from '@outsync/ui/select';

export const profileSelectLabel = 'Select Profile';

/**
 * The "Select Profile" list of the add forms: the user's integrations, each labelled
 * "{profile} - {profile email} - {organizationId} {organizationDomain}" (spec 02 §2.4, §2.6).
 */
export function ProfileSelect({
  integrations,
  value,
  onChange,
  error,
  disabled,
}: {
  integrations: readonly IntegrationItem[];
  /** The chosen profile's id. */
  value: string | null | undefined;
  onChange: (userProfileId: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const chosen = integrations.find((item) => item.user.id === value) ?? null;
  return (
    <Select<IntegrationItem>
      label={profileSelectLabel}
      placeholder={profileSelectLabel}
      options={integrations}
      getOptionValue={(item) => item.user.id}
      getOptionLabel={integrationLabel}
      value={chosen}
      onChange={(item) => onChange(item?.user.id ?? null)}
      error={error}
      disabled={disabled}
    />
  );
}
