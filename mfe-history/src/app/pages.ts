import type { ModulePage } from '@outsync/app-runtime';
import WebhookLogsPage, { WebhookLogsTitle } from '../exposes/webhook-logs-page';
import BlockListLogsPage, { BlockListLogsTitle } from '../exposes/block-list-logs-page';
import CategoryBaseFilterLogsPage, {
  CategoryBaseFilterLogsTitle,
} from '../exposes/category-base-filter-logs-page';

/** The pages this module exposes, at their dashboard paths. */
export const pages: [ModulePage, ...ModulePage[]] = [
  {
    path: '/admin/dashboard/history/webhook-logs',
    label: WebhookLogsTitle,
    Component: WebhookLogsPage,
  },
  {
    path: '/admin/dashboard/history/block-list-logs',
    label: BlockListLogsTitle,
    Component: BlockListLogsPage,
  },
  {
    path: '/admin/dashboard/history/category-base-filter-logs',
    label: CategoryBaseFilterLogsTitle,
    Component: CategoryBaseFilterLogsPage,
  },
];

export const moduleName = 'OutSync history';
