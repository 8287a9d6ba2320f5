import type { ModulePage } from '@outsync/app-runtime';
import { pagesOfRemote } from '@outsync/contracts';
import HubspotPage, { HubspotTitle } from '../exposes/hubspot-page';
import SalesforcePage, { SalesforceTitle } from '../exposes/salesforce-page';
import ApiKeysPage, { ApiKeysTitle } from '../exposes/api-keys-page';
import ServicesPage, { ServicesTitle } from '../exposes/services-page';
import BlockListsPage, { BlockListsTitle } from '../exposes/block-lists-page';
import UsersPage, { UsersTitle } from '../exposes/users-page';
import ApiTokensPage, { ApiTokensTitle } from '../exposes/api-tokens-page';

/** The pages this module exposes, at their paths in the route catalog. */
export const pages: [ModulePage, ...ModulePage[]] = pagesOfRemote('mfe-accounts', {
  HubspotPage: { label: HubspotTitle, Component: HubspotPage },
  SalesforcePage: { label: SalesforceTitle, Component: SalesforcePage },
  ApiKeysPage: { label: ApiKeysTitle, Component: ApiKeysPage },
  ServicesPage: { label: ServicesTitle, Component: ServicesPage },
  BlockListsPage: { label: BlockListsTitle, Component: BlockListsPage },
  UsersPage: { label: UsersTitle, Component: UsersPage },
  ApiTokensPage: { label: ApiTokensTitle, Component: ApiTokensPage },
});

export const moduleName = 'OutSync connected accounts';
