// `@outsync/app-runtime/lazy-profile-select`: 'Select Profile' drawn closed without downshift,
// which loads on the select's first focus, press or key (`@outsync/ui/lazy`'s LazySelect). For a
// screen whose first view shows the select but rarely uses it at once: the webhooks list, the
// partner embed's first screen (issue 32). Same texts, options and props as `ProfileSelect`.
import type { IntegrationItem } from '@outsync/contracts/accounts';
import { LazySelect } from '@outsync/ui/lazy';
import { profileSelectFieldProps, type ProfileSelectProps } from './profile-option';

export function LazyProfileSelect(props: ProfileSelectProps) {
  return <LazySelect<IntegrationItem> {...profileSelectFieldProps(props)} />;
}
