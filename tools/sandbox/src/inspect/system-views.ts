import type { SandboxSystem } from '../demo-constants.ts';
import type { HubspotObjectType } from '../hubspot/hubspot-schema.ts';
import type { HubspotStore } from '../hubspot/hubspot-store.ts';
import { leadsOf, type PlatformAccount } from '../platforms/platform-store.ts';
import type { SalesforceOrg } from '../salesforce/salesforce-orgs.ts';
import type { SfRecord } from '../salesforce/salesforce-store.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** One table on an inspection page; the JSON endpoint returns `{ [key]: rows }`. */
export interface ViewSection {
  key: string;
  title: string;
  columns: string[];
  rows: readonly object[];
}

/** The tenants a system page can show: portals, orgs or accounts (by API key). */
export function tenantsOf(
  state: SandboxState,
  system: SandboxSystem,
): Array<{ id: string; label: string }> {
  switch (system) {
    case 'hubspot':
      return state.hubspotPortals.all().map((portal) => ({
        id: String(portal.hubId),
        label: `${portal.hubDomain} (${portal.hubId})`,
      }));
    case 'salesforce':
      return state.salesforceOrgs
        .all()
        .map((org) => ({ id: org.key, label: `${org.name} (${org.orgId})` }));
    default:
      return state.platforms
        .accountsOf(system)
        .map((account) => ({ id: account.apiKey, label: `${account.name} (${account.apiKey})` }));
  }
}

/**
 * What the product wrote into one tenant of a system: `tenant` is a HubSpot hub id, a
 * Salesforce org key or a platform API key; the demo tenant when left out. Undefined when
 * no such tenant exists.
 */
export function systemView(
  state: SandboxState,
  system: SandboxSystem,
  tenant?: string,
): ViewSection[] | undefined {
  switch (system) {
    case 'hubspot': {
      const portal = tenant ? state.hubspotPortals.get(tenant) : state.hubspotPortals.demo();
      return portal && hubspotView(portal.store);
    }
    case 'salesforce': {
      const org = tenant ? state.salesforceOrgs.get(tenant) : state.salesforceOrgs.demo();
      return org && salesforceView(org);
    }
    default: {
      const account = tenant
        ? state.platforms.account(system, tenant)
        : state.platforms.demoAccount(system);
      return account && platformView(account);
    }
  }
}

/** One row per block list of an account: what it holds, by kind, for a glance (and tests). */
function countsSection(rows: object[], columns: string[]): ViewSection {
  return { key: 'blockListCounts', title: 'Block-list counts', columns, rows };
}

function countKinds(values: Iterable<{ isDomain: boolean }>): {
  emails: number;
  domains: number;
  total: number;
} {
  let emails = 0;
  let domains = 0;
  for (const value of values) {
    if (value.isDomain) domains++;
    else emails++;
  }
  return { emails, domains, total: emails + domains };
}

function platformView(account: PlatformAccount): ViewSection[] {
  switch (account.platform) {
    case 'smartlead': {
      const entries = account.smartleadBlockList.list();
      const clientName = (clientId: number | null) =>
        clientId === null
          ? 'account-wide'
          : `client ${clientId} ${account.smartleadClients.find((client) => client.id === clientId)?.name ?? ''}`.trim();
      const scopes = [...new Set(entries.map((entry) => entry.client_id))];
      return [
        countsSection(
          scopes.map((clientId) => ({
            blockList: clientName(clientId),
            ...countKinds(
              entries
                .filter((entry) => entry.client_id === clientId)
                .map((entry) => ({ isDomain: entry.type === 'domain' })),
            ),
          })),
          ['blockList', 'emails', 'domains', 'total'],
        ),
        {
          key: 'blockList',
          title: 'Global block list',
          columns: ['id', 'email_or_domain', 'type', 'client_id', 'created_at'],
          rows: entries,
        },
        {
          key: 'categories',
          title: 'Lead categories',
          columns: ['id', 'name'],
          rows: account.smartleadCategories,
        },
        {
          key: 'clients',
          title: 'Clients',
          columns: ['id', 'name', 'email'],
          rows: account.smartleadClients,
        },
        leadsSection(account),
      ];
    }
    case 'instantly': {
      const entries = account.instantlyBlockList.list();
      return [
        countsSection(
          [
            {
              blockList: 'block-list entries',
              ...countKinds(entries.map((entry) => ({ isDomain: entry.is_domain }))),
            },
          ],
          ['blockList', 'emails', 'domains', 'total'],
        ),
        {
          key: 'blockList',
          title: 'Block-list entries',
          columns: ['id', 'bl_value', 'is_domain', 'timestamp_created'],
          rows: entries,
        },
        {
          key: 'leadLabels',
          title: 'Lead labels',
          columns: ['id', 'label', 'interest_status_label', 'interest_status'],
          rows: account.instantlyLabels,
        },
        leadsSection(account),
      ];
    }
    case 'bison':
      return [
        countsSection(
          [
            {
              blockList: 'blacklist',
              emails: account.bisonEmails.size,
              domains: account.bisonDomains.size,
              total: account.bisonEmails.size + account.bisonDomains.size,
            },
          ],
          ['blockList', 'emails', 'domains', 'total'],
        ),
        {
          key: 'blacklistedEmails',
          title: 'Blacklisted e-mails',
          columns: ['id', 'value', 'created_at'],
          rows: account.bisonEmails.list(),
        },
        {
          key: 'blacklistedDomains',
          title: 'Blacklisted domains',
          columns: ['id', 'value', 'created_at'],
          rows: account.bisonDomains.list(),
        },
        leadsSection(account),
      ];
    case 'heyreach':
      return [
        countsSection(
          [...account.heyreachLists.values()].map((list) => ({
            blockList: list.name,
            listId: list.id,
            listType: list.listType,
            leads: list.leads.size,
          })),
          ['blockList', 'listId', 'listType', 'leads'],
        ),
        {
          key: 'lists',
          title: 'Lists',
          columns: ['id', 'name', 'listType', 'leadCount'],
          rows: [...account.heyreachLists.values()].map((list) => ({
            id: list.id,
            name: list.name,
            listType: list.listType,
            leadCount: list.leads.size,
          })),
        },
        {
          key: 'listMembers',
          title: 'List members',
          columns: [
            'listId',
            'listName',
            'profileUrl',
            'linkedInId',
            'firstName',
            'lastName',
            'emailAddress',
          ],
          rows: [...account.heyreachLists.values()].flatMap((list) =>
            [...list.leads.values()].map((lead) => ({
              listId: list.id,
              listName: list.name,
              ...lead,
            })),
          ),
        },
      ];
  }
}

function hubspotView(hubspot: HubspotStore): ViewSection[] {
  const records = (type: HubspotObjectType) =>
    hubspot.all(type).map((record) => ({
      id: record.id,
      ...record.properties,
      associations: [...(hubspot.associations.get(`${type}:${record.id}`)?.values() ?? [])]
        .map((edge) => `${edge.toType}:${edge.toId}[${[...edge.typeIds].join(',')}]`)
        .join(' '),
    }));
  const custom = (['contacts', 'companies'] as const).flatMap((type) =>
    [...hubspot.propertyMap(type).values()]
      .filter((property) => !property.hubspotDefined)
      .map((property) => ({ objectType: type, ...property })),
  );
  return [
    {
      key: 'contacts',
      title: 'Contacts',
      columns: [
        'id',
        'email',
        'firstname',
        'lastname',
        'company',
        'hubspot_owner_id',
        'lastmodifieddate',
        'associations',
      ],
      rows: records('contacts'),
    },
    {
      key: 'companies',
      title: 'Companies',
      columns: [
        'id',
        'name',
        'domain',
        'hs_additional_domains',
        'hubspot_owner_id',
        'associations',
      ],
      rows: records('companies'),
    },
    {
      key: 'emails',
      title: 'E-mail activities',
      columns: [
        'id',
        'hs_timestamp',
        'hs_email_direction',
        'hs_email_status',
        'hs_email_subject',
        'hs_email_text',
        'associations',
      ],
      rows: records('emails'),
    },
    {
      key: 'tasks',
      title: 'Tasks',
      columns: [
        'id',
        'hs_timestamp',
        'hs_task_subject',
        'hs_task_status',
        'hs_task_type',
        'hubspot_owner_id',
        'associations',
      ],
      rows: records('tasks'),
    },
    {
      key: 'customProperties',
      title: 'Custom properties',
      columns: ['objectType', 'name', 'label', 'type', 'fieldType', 'groupName', 'hasUniqueValue'],
      rows: custom,
    },
    {
      key: 'lists',
      title: 'Lists',
      columns: ['listId', 'name', 'objectTypeId', 'processingType', 'size', 'members'],
      rows: [...hubspot.lists.values()].map((list) => {
        const members = hubspot.membersOf(list);
        return {
          listId: list.listId,
          name: list.name,
          objectTypeId: list.objectTypeId,
          processingType: list.processingType,
          size: members.size,
          // The first ids only: a seeded list can hold 100,000.
          members: members.byRecordId().slice(0, MEMBERS_SHOWN),
        };
      }),
    },
    {
      key: 'owners',
      title: 'Owners',
      columns: ['id', 'userId', 'email', 'firstName', 'lastName'],
      rows: [...hubspot.owners.values()].map((owner) => ({ ...owner })),
    },
  ];
}

/** How many of a list's member ids the Lists table shows. */
const MEMBERS_SHOWN = 50;

/** How much of a task's Description the table shows; the JSON keeps all of it. */
const EXCERPT_LENGTH = 120;

function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

function salesforceView(salesforceOrg: SalesforceOrg): ViewSection[] {
  const org = salesforceOrg.store;
  const custom = org.allCustomFields();
  // Who a task is about, readable at a glance: "Lead: Ada Lovelace <ada@example.com>".
  const who = (task: SfRecord): string => {
    const found = typeof task.WhoId === 'string' ? org.find(task.WhoId) : undefined;
    if (!found) return '';
    const { record } = found;
    return `${found.objectName}: ${String(record.Name ?? '')} <${String(record.Email ?? '')}>`;
  };
  const usage = salesforceOrg.apiBudget.usage();
  const customNames = (objectName: string) =>
    custom.filter((entry) => entry.objectName === objectName).map((entry) => entry.field.name);
  return [
    {
      key: 'contacts',
      title: 'Contacts',
      columns: [
        'Id',
        'FirstName',
        'LastName',
        'Email',
        'AccountId',
        'OwnerId',
        'HasOptedOutOfEmail',
        ...customNames('Contact'),
      ],
      rows: org.all('Contact'),
    },
    {
      key: 'leads',
      title: 'Leads',
      columns: [
        'Id',
        'FirstName',
        'LastName',
        'Email',
        'Company',
        'Status',
        'IsConverted',
        'OwnerId',
        ...customNames('Lead'),
      ],
      rows: org.all('Lead'),
    },
    {
      key: 'accounts',
      title: 'Accounts',
      columns: ['Id', 'Name', 'Website', 'Type', 'OwnerId'],
      rows: org.all('Account'),
    },
    {
      key: 'tasks',
      title: 'Tasks',
      columns: [
        'Id',
        'Subject',
        'Type',
        'TaskSubtype',
        'Status',
        'ActivityDate',
        'WhoId',
        'Who',
        'WhatId',
        'OwnerId',
        'DescriptionExcerpt',
      ],
      rows: org.all('Task').map((task) => ({
        ...task,
        Who: who(task),
        DescriptionExcerpt: excerpt(task.Description),
      })),
    },
    {
      key: 'customFields',
      title: 'Custom fields (Tooling API)',
      columns: ['objectName', 'name', 'label', 'type', 'length', 'externalId', 'readableBy'],
      rows: custom.map((entry) => ({
        objectName: entry.objectName,
        name: entry.field.name,
        label: entry.field.label,
        type: entry.field.type,
        length: entry.field.length,
        externalId: entry.field.externalId,
        readableBy: entry.readableBy.join(', '),
      })),
    },
    {
      key: 'permissionSets',
      title: 'Permission sets',
      columns: ['Id', 'Name', 'Label', 'IsOwnedByProfile'],
      rows: org.all('PermissionSet'),
    },
    {
      key: 'fieldPermissions',
      title: 'Field permissions',
      columns: ['Id', 'ParentId', 'SobjectType', 'Field', 'PermissionsRead', 'PermissionsEdit'],
      rows: org.all('FieldPermissions'),
    },
    {
      key: 'permissionSetAssignments',
      title: 'Permission set assignments',
      columns: ['Id', 'AssigneeId', 'PermissionSetId'],
      rows: org.all('PermissionSetAssignment'),
    },
    {
      key: 'apiUsage',
      title: 'API usage today',
      columns: ['used', 'max', 'remaining'],
      rows: [usage],
    },
    {
      key: 'users',
      title: 'Users',
      columns: ['Id', 'Name', 'Email', 'IsActive'],
      rows: org.all('User'),
    },
    {
      key: 'reports',
      title: 'Reports',
      columns: ['id', 'name', 'objectName'],
      rows: org.reports.map((report) => ({
        id: report.id,
        name: report.name,
        objectName: report.objectName,
      })),
    },
  ];
}

function leadsSection(account: PlatformAccount): ViewSection {
  return {
    key: 'leads',
    title: 'Leads',
    columns: ['id', 'email', 'firstName', 'lastName', 'companyName', 'campaignName', 'categoryId'],
    rows: leadsOf(account).map((lead) => ({ ...lead })),
  };
}
