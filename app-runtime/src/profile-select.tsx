// `@outsync/app-runtime/profile-select`: a subpath entry, not part of the shared singleton, so
// only the modules that show the list bundle it (and `@outsync/ui/select`'s downshift with it).
// What a screen shows beside it without a select (the first-run note, the flag note) is
// `@outsync/app-runtime/first-run`, re-exported here: a screen that shows the list only once
// there are profiles can then load this entry on demand (the webhooks module does).
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { VisuallyHidden } from '@outsync/ui';
import { OptionLines, Select } from '@outsync/ui/select';

export { firstRunTexts, NoIntegrations, ProfileFlagNote } from './first-run';

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
      renderOption={IntegrationOption}
      value={chosen}
      onChange={(item) => onChange(item?.user.id ?? null)}
      error={error}
      disabled={disabled}
    />
  );
}

/**
 * An integration in a list: the CRM kind and e-mail, then the organisation on a second line,
 * instead of one label wrapping word by word in a narrow list (issue 31). The text read (and
 * searched) is still the spec's label: the ' - ' between the lines is there, hidden.
 */
export function IntegrationOption(item: IntegrationItem) {
  const { profile, email, organizationId, organizationDomain } = item.user;
  return (
    <OptionLines
      primary={`${profile} - ${email}`}
      secondary={
        <>
          <VisuallyHidden>- </VisuallyHidden>
          {`${organizationId} ${organizationDomain}`}
        </>
      }
    />
  );
}
