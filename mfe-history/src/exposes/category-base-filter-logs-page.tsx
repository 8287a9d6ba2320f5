import { PlaceholderPage } from '@outsync/ui';

export const CategoryBaseFilterLogsTitle = 'Category Base Filter Payloads';

export default function CategoryBaseFilterLogsPage() {
  return <PlaceholderPage title={CategoryBaseFilterLogsTitle} module="mfe-history" />;
}
