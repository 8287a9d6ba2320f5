// What 'Select Profile' shows, apart from the select that shows it: `ProfileSelect`
// (./profile-select, downshift at once) and `LazyProfileSelect` (./lazy-profile-select, downshift
// on first use) draw the same texts and options.
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { VisuallyHidden } from '@outsync/ui';
import type { LazySelectProps } from '@outsync/ui/lazy';
import { OptionLines } from '@outsync/ui/select';

/** The list's texts where a screen names none (spec 02 §2.4, §2.6). */
export const profileSelectTexts = {
  label: 'Select Profile',
  placeholder: 'Select Profile',
} as const;

/** What both profile selects take. */
export interface ProfileSelectProps {
  integrations: readonly IntegrationItem[];
  /** The chosen profile's id. */
  value: string | null | undefined;
  onChange: (userProfileId: string | null) => void;
  /** The field's label, where a screen's spec words it otherwise ('Select Profile:'). */
  label?: string;
  error?: string;
  disabled?: boolean;
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

/** What both profile selects hand their select (`LazySelectProps` is `SelectProps` less search). */
export function profileSelectFieldProps({
  integrations,
  value,
  onChange,
  label = profileSelectTexts.label,
  error,
  disabled,
}: ProfileSelectProps): LazySelectProps<IntegrationItem> {
  return {
    label,
    placeholder: profileSelectTexts.placeholder,
    options: integrations,
    getOptionValue: (item) => item.user.id,
    getOptionLabel: integrationLabel,
    renderOption: IntegrationOption,
    value: integrations.find((item) => item.user.id === value) ?? null,
    onChange: (item) => onChange(item?.user.id ?? null),
    error,
    disabled,
  };
}
