import { PlaceholderPage } from '@outsync/app-runtime';

export const BlockListsTitle = 'Block lists';

export default function BlockListsPage() {
  return <PlaceholderPage title={BlockListsTitle} module="mfe-accounts" />;
}
