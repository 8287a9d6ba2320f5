import { PlaceholderPage } from '@outsync/ui';

export const BlockListLogsTitle = 'Block list history';

export default function BlockListLogsPage() {
  return <PlaceholderPage title={BlockListLogsTitle} module="mfe-history" />;
}
