import { PlaceholderPage } from '@outsync/app-runtime';

export const CategoryBaseFilterLogsTitle = 'Category Base Filter Payloads';

export default function CategoryBaseFilterLogsPage() {
  return <PlaceholderPage title={CategoryBaseFilterLogsTitle} module="mfe-history" />;
}
