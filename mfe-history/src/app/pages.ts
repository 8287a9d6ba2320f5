import type { ModulePage } from '@outsync/app-runtime';
import { pagesOfRemote } from '@outsync/contracts';
import WebhookLogsPage, { WebhookLogsTitle } from '../exposes/webhook-logs-page';
import BlockListLogsPage, { BlockListLogsTitle } from '../exposes/block-list-logs-page';
import CategoryBaseFilterLogsPage, {
  CategoryBaseFilterLogsTitle,
} from '../exposes/category-base-filter-logs-page';
import AuditLogPage, { AuditLogTitle } from '../exposes/audit-log-page';

/** The pages this module exposes, at their paths in the route catalog. */
export const pages: [ModulePage, ...ModulePage[]] = pagesOfRemote('mfe-history', {
  WebhookLogsPage: { label: WebhookLogsTitle, Component: WebhookLogsPage },
  BlockListLogsPage: { label: BlockListLogsTitle, Component: BlockListLogsPage },
  CategoryBaseFilterLogsPage: {
    label: CategoryBaseFilterLogsTitle,
    Component: CategoryBaseFilterLogsPage,
  },
  AuditLogPage: { label: AuditLogTitle, Component: AuditLogPage },
});

export const moduleName = 'OutSync history';
