// `@outsync/app-runtime/lazy-profile-select`: 'Select Profile' drawn closed without downshift,
// which loads on the select's first focus, press or key (`@outsync/ui/lazy`'s LazySelect). For a
// screen whose first view shows the select but rarely uses it at once: the webhooks list, the
// partner embed's first screen (issue 32). Same texts, options and props as `ProfileSelect`.
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { LazySelect } from '@outsync/ui/lazy';
import { IntegrationOption, profileSelectTexts, type ProfileSelectProps } from './profile-option';

export function LazyProfileSelect({
  integrations,
  value,
  onChange,
  label = profileSelectTexts.label,
  error,
  disabled,
}: ProfileSelectProps) {
  const chosen = integrations.find((item) => item.user.id === value) ?? null;
  return (
    <LazySelect<IntegrationItem>
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
