import type { ModulePage } from '@outsync/app-runtime';
import WebhooksPage, { WebhooksTitle } from '../exposes/webhooks-page';

/** The pages this module exposes, at their dashboard paths. */
export const pages: [ModulePage, ...ModulePage[]] = [
  { path: '/admin/dashboard/webhooks', label: WebhooksTitle, Component: WebhooksPage },
];

export const moduleName = 'OutSync webhooks';
