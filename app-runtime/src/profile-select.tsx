// `@outsync/app-runtime/profile-select`: a subpath entry, not part of the shared singleton, so
// only the modules that show the list bundle it (and `@outsync/ui/select`'s downshift with it).
// What a screen shows beside it without a select (the first-run note, the flag note) is
// `@outsync/app-runtime/first-run`, re-exported here: a screen that shows the list only once
// there are profiles can then load this entry on demand (the webhooks module does).
import type { IntegrationItem } from '@outsync/contracts/accounts';
import { Select } from '@outsync/ui/select';
import { profileSelectFieldProps, type ProfileSelectProps } from './profile-option';

export { firstRunTexts, NoIntegrations, ProfileFlagNote } from './first-run';
export { IntegrationOption, profileSelectTexts, type ProfileSelectProps } from './profile-option';

/**
 * 'Select Profile': the user's integrations a webhook, an endpoint or an API key is created on,
 * each reading '{profile} - {profile email} - {organizationId} {organizationDomain}' (spec 01
 * §2.6, spec 02 §2.4, §2.6). Controlled by the chosen profile's id.
 */
export function ProfileSelect(props: ProfileSelectProps) {
  return <Select<IntegrationItem> {...profileSelectFieldProps(props)} />;
}
