import { PlaceholderPage } from '@outsync/app-runtime';

export const BlockListLogsTitle = 'Block list history';

export default function BlockListLogsPage() {
  return <PlaceholderPage title={BlockListLogsTitle} module="mfe-history" />;
}
