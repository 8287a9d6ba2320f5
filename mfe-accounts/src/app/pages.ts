import type { ModulePage } from '@outsync/app-runtime';
import HubspotPage, { HubspotTitle } from '../exposes/hubspot-page';
import SalesforcePage, { SalesforceTitle } from '../exposes/salesforce-page';
import ApiKeysPage, { ApiKeysTitle } from '../exposes/api-keys-page';
import ServicesPage, { ServicesTitle } from '../exposes/services-page';
import BlockListsPage, { BlockListsTitle } from '../exposes/block-lists-page';
import UsersPage, { UsersTitle } from '../exposes/users-page';

/** The pages this module exposes, at their dashboard paths. */
export const pages: [ModulePage, ...ModulePage[]] = [
  { path: '/admin/dashboard/hubspot', label: HubspotTitle, Component: HubspotPage },
  { path: '/admin/dashboard/salesforce', label: SalesforceTitle, Component: SalesforcePage },
  { path: '/admin/dashboard/api-keys', label: ApiKeysTitle, Component: ApiKeysPage },
  { path: '/admin/dashboard/services', label: ServicesTitle, Component: ServicesPage },
  {
    path: '/admin/dashboard/smartlead-block-lists',
    label: BlockListsTitle,
    Component: BlockListsPage,
  },
  { path: '/admin/dashboard/users', label: UsersTitle, Component: UsersPage },
];

export const moduleName = 'OutSync connected accounts';
