// `@outsync/app-runtime/profile-select`: a subpath entry, not part of the shared singleton, so
// only the modules that show the list bundle it (and `@outsync/ui/select`'s downshift with it).
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { Select } from '@outsync/ui/select';

/** The list's texts where a screen names none (spec 02 §2.4, §2.6). */
export const profileSelectTexts = {
  label: 'Select Profile',
  placeholder: 'Select Profile',
} as const;

/**
 * 'Select Profile': the user's integrations a webhook, an endpoint or an API key is created on,
 * each reading '{profile} - {profile email} - {organizationId} {organizationDomain}' (spec 01
 * §2.6, spec 02 §2.4, §2.6). Controlled by the chosen profile's id.
 */
export function ProfileSelect({
  integrations,
  value,
  onChange,
  label = profileSelectTexts.label,
  error,
  disabled,
}: {
  integrations: readonly IntegrationItem[];
  /** The chosen profile's id. */
  value: string | null | undefined;
  onChange: (userProfileId: string | null) => void;
  /** The field's label, where a screen's spec words it otherwise ('Select Profile:'). */
  label?: string;
  error?: string;
  disabled?: boolean;
}) {
  const chosen = integrations.find((item) => item.user.id === value) ?? null;
  return (
    <Select<IntegrationItem>
      label={label}
      placeholder={profileSelectTexts.placeholder}
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
