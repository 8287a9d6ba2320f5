/** The sidebar of spec 01 §2.2 (labels from spec 02 §2.1 for the CRM entries). */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Spec route name. */
  routeName: string;
  managerOrAdminOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export const navigation: NavEntry[] = [
  {
    label: 'Connected accounts',
    items: [
      { label: 'HubSpot', to: '/admin/dashboard/hubspot', routeName: 'hubspot-view' },
      {
        label: 'Salesforce',
        to: '/admin/dashboard/salesforce',
        routeName: 'salesforce-settings-view',
      },
      { label: 'API keys', to: '/admin/dashboard/api-keys', routeName: 'api-key-view' },
      {
        label: 'Webhook endpoint',
        to: '/admin/dashboard/services',
        routeName: 'additional-services-view',
      },
    ],
  },
  { label: 'Webhook receiver', to: '/admin/dashboard/webhooks', routeName: 'webhook-view' },
  {
    label: 'Block lists',
    to: '/admin/dashboard/smartlead-block-lists',
    routeName: 'smartlead-block-list-view',
  },
  {
    label: 'Users',
    to: '/admin/dashboard/users',
    routeName: 'user-view',
    managerOrAdminOnly: true,
  },
  {
    label: 'History',
    items: [
      { label: 'Webhooks', to: '/admin/dashboard/history/webhook-logs', routeName: 'webhook-logs' },
      {
        label: 'Block Lists',
        to: '/admin/dashboard/history/block-list-logs',
        routeName: 'block-list-logs',
      },
      {
        label: 'Category Base Filter',
        to: '/admin/dashboard/history/category-base-filter-logs',
        routeName: 'category-base-filter-logs',
      },
    ],
  },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}
