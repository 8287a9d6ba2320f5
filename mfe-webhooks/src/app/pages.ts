import type { ModulePage } from '@outsync/app-runtime';
import { pagesOfRemote } from '@outsync/contracts';
import WebhooksPage, { WebhooksTitle } from '../exposes/webhooks-page';

/** The pages this module exposes, at their paths in the route catalog. */
export const pages: [ModulePage, ...ModulePage[]] = pagesOfRemote('mfe-webhooks', {
  WebhooksPage: { label: WebhooksTitle, Component: WebhooksPage },
});

export const moduleName = 'OutSync webhooks';
