// The standard objects and fields OutSync touches, as describe reports them.

export interface FieldDescribe {
  name: string;
  label: string;
  type: string;
  length: number;
  externalId: boolean;
  unique: boolean;
  createable: boolean;
  updateable: boolean;
  nillable: boolean;
  custom: boolean;
  referenceTo: string[];
  relationshipName: string | null;
  restrictedPicklist: boolean;
  picklistValues: Array<{
    value: string;
    label: string;
    active: boolean;
    defaultValue: boolean;
    validFor: null;
  }>;
}

type FieldSeed = [
  name: string,
  type: string,
  options?: {
    label?: string;
    required?: boolean;
    readOnly?: boolean;
    reference?: string[];
    picklist?: string[];
    restricted?: boolean;
    relationship?: string;
    /** Settable on create only (Task.TaskSubtype). */
    createOnly?: boolean;
  },
];

/** Every record has them, so describe reports them not nillable (and not createable). */
const SYSTEM_FIELDS: FieldSeed[] = [
  ['Id', 'id', { readOnly: true, required: true }],
  ['CreatedDate', 'datetime', { readOnly: true, required: true }],
  ['LastModifiedDate', 'datetime', { readOnly: true, required: true }],
];

export const KEY_PREFIXES: Record<string, string> = {
  Account: '001',
  Contact: '003',
  User: '005',
  Lead: '00Q',
  Opportunity: '006',
  Task: '00T',
  CustomField: '00N',
  PermissionSet: '0PS',
  Profile: '00e',
  PermissionSetAssignment: '0Pa',
  FieldPermissions: '01k',
  Report: '00O',
};

/** The object an id belongs to, by its 3-character key prefix. */
export function objectOfKeyPrefix(prefix: string): string | undefined {
  return Object.entries(KEY_PREFIXES).find(([, candidate]) => candidate === prefix)?.[0];
}

const OBJECT_FIELDS: Record<string, FieldSeed[]> = {
  Account: [
    ['Name', 'string', { required: true }],
    ['Website', 'url'],
    [
      'Industry',
      'picklist',
      { picklist: ['Technology', 'Logistics', 'Healthcare', 'Finance', 'Other'] },
    ],
    ['Type', 'picklist', { picklist: ['Prospect', 'Customer', 'Partner', 'Competitor', 'Other'] }],
    ['OwnerId', 'reference', { reference: ['User'], relationship: 'Owner', label: 'Owner ID' }],
  ],
  Contact: [
    ['FirstName', 'string'],
    ['LastName', 'string', { required: true }],
    ['Name', 'string', { readOnly: true }],
    ['Email', 'email'],
    ['Phone', 'phone'],
    ['Title', 'string'],
    [
      'LeadSource',
      'picklist',
      { picklist: ['Web', 'Phone Inquiry', 'Partner Referral', 'Purchased List', 'Other'] },
    ],
    ['HasOptedOutOfEmail', 'boolean'],
    ['Birthdate', 'date'],
    ['Description', 'textarea'],
    [
      'AccountId',
      'reference',
      { reference: ['Account'], relationship: 'Account', label: 'Account ID' },
    ],
    ['OwnerId', 'reference', { reference: ['User'], relationship: 'Owner', label: 'Owner ID' }],
  ],
  Lead: [
    ['FirstName', 'string'],
    ['LastName', 'string', { required: true }],
    ['Name', 'string', { readOnly: true }],
    ['Email', 'email'],
    ['Company', 'string', { required: true }],
    ['Title', 'string'],
    ['Website', 'url'],
    [
      'Status',
      'picklist',
      {
        picklist: [
          'Open - Not Contacted',
          'Working - Contacted',
          'Closed - Converted',
          'Closed - Not Converted',
        ],
        restricted: true,
      },
    ],
    ['HasOptedOutOfEmail', 'boolean'],
    ['OwnerId', 'reference', { reference: ['User'], relationship: 'Owner', label: 'Owner ID' }],
    // Set by lead conversion (convertLead, not REST); the sandbox lets a create set them instead.
    ['IsConverted', 'boolean', { createOnly: true, label: 'Converted' }],
    ['ConvertedDate', 'date', { createOnly: true }],
    [
      'ConvertedContactId',
      'reference',
      { reference: ['Contact'], relationship: 'ConvertedContact', createOnly: true },
    ],
    [
      'ConvertedAccountId',
      'reference',
      { reference: ['Account'], relationship: 'ConvertedAccount', createOnly: true },
    ],
  ],
  Opportunity: [
    ['Name', 'string', { required: true }],
    [
      'StageName',
      'picklist',
      {
        picklist: ['Prospecting', 'Qualification', 'Closed Won', 'Closed Lost'],
        restricted: true,
        required: true,
        label: 'Stage',
      },
    ],
    ['CloseDate', 'date', { required: true, label: 'Close Date' }],
    [
      'AccountId',
      'reference',
      { reference: ['Account'], relationship: 'Account', label: 'Account ID' },
    ],
    ['OwnerId', 'reference', { reference: ['User'], relationship: 'Owner', label: 'Owner ID' }],
  ],
  Task: [
    ['Subject', 'combobox'],
    ['Description', 'textarea'],
    ['ActivityDate', 'date'],
    ['ReminderDateTime', 'datetime', { label: 'Reminder Date/Time' }],
    [
      'Status',
      'picklist',
      {
        picklist: [
          'Not Started',
          'In Progress',
          'Completed',
          'Waiting on someone else',
          'Deferred',
        ],
        restricted: true,
      },
    ],
    ['Priority', 'picklist', { picklist: ['High', 'Normal', 'Low'], restricted: true }],
    [
      'Type',
      'picklist',
      { picklist: ['Call', 'Email', 'Meeting', 'LinkedIn', 'Other'], restricted: true },
    ],
    [
      'TaskSubtype',
      'picklist',
      {
        picklist: ['Task', 'Email', 'ListEmail', 'Cadence', 'Call', 'LinkedIn'],
        label: 'Task Subtype',
        restricted: true,
        createOnly: true,
      },
    ],
    [
      'WhoId',
      'reference',
      { reference: ['Contact', 'Lead'], relationship: 'Who', label: 'Name ID' },
    ],
    [
      'WhatId',
      'reference',
      { reference: ['Account', 'Opportunity'], relationship: 'What', label: 'Related To ID' },
    ],
    [
      'AccountId',
      'reference',
      { reference: ['Account'], relationship: 'Account', readOnly: true, label: 'Account ID' },
    ],
    ['OwnerId', 'reference', { reference: ['User'], relationship: 'Owner', label: 'Owner ID' }],
  ],
  User: [
    ['Username', 'string', { required: true }],
    ['FirstName', 'string'],
    ['LastName', 'string', { required: true }],
    ['Name', 'string', { readOnly: true }],
    ['Email', 'email', { required: true }],
    ['IsActive', 'boolean'],
    ['UserType', 'picklist', { picklist: ['Standard'] }],
    // The user's time zone: the day a Task's ActivityDate means to its owner.
    [
      'TimeZoneSidKey',
      'picklist',
      {
        picklist: ['America/Los_Angeles', 'America/New_York', 'Europe/Berlin', 'GMT'],
        label: 'Time Zone',
      },
    ],
  ],
  PermissionSet: [
    ['Name', 'string', { required: true }],
    ['Label', 'string', { required: true }],
    ['IsOwnedByProfile', 'boolean', { readOnly: true }],
    // A profile's own set names its profile here; its Label is a generated one, as in Salesforce.
    [
      'ProfileId',
      'reference',
      { reference: ['Profile'], relationship: 'Profile', readOnly: true, label: 'Profile ID' },
    ],
    ['Description', 'textarea'],
  ],
  Profile: [['Name', 'string', { required: true }]],
  FieldPermissions: [
    [
      'ParentId',
      'reference',
      { reference: ['PermissionSet'], relationship: 'Parent', required: true, label: 'Parent ID' },
    ],
    ['SobjectType', 'picklist', { required: true, label: 'SObject Type Name' }],
    ['Field', 'picklist', { required: true, label: 'Field Name' }],
    ['PermissionsRead', 'boolean'],
    ['PermissionsEdit', 'boolean'],
  ],
  PermissionSetAssignment: [
    [
      'AssigneeId',
      'reference',
      { reference: ['User'], relationship: 'Assignee', required: true, label: 'Assignee ID' },
    ],
    [
      'PermissionSetId',
      'reference',
      {
        reference: ['PermissionSet'],
        relationship: 'PermissionSet',
        required: true,
        label: 'Permission Set ID',
      },
    ],
  ],
  CustomField: [
    ['DeveloperName', 'string', { readOnly: true }],
    ['FullName', 'string'],
    ['TableEnumOrId', 'string', { readOnly: true }],
    ['Metadata', 'anyType'],
  ],
};

export const SALESFORCE_OBJECTS = Object.keys(OBJECT_FIELDS);

export function standardFields(objectName: string): FieldDescribe[] | undefined {
  const seeds = OBJECT_FIELDS[objectName];
  return seeds
    ? [...SYSTEM_FIELDS, ...seeds].map(([name, type, options = {}]) => field(name, type, options))
    : undefined;
}

export function field(
  name: string,
  type: string,
  options: NonNullable<FieldSeed[2]> & {
    length?: number;
    externalId?: boolean;
    unique?: boolean;
    custom?: boolean;
  } = {},
): FieldDescribe {
  return {
    name,
    label:
      options.label ??
      name
        .replace(/__c$/, '')
        .replace(/_/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2'),
    type,
    length:
      options.length ??
      (type === 'string' ||
      type === 'email' ||
      type === 'url' ||
      type === 'picklist' ||
      type === 'combobox'
        ? 255
        : type === 'textarea'
          ? 32000
          : 0),
    externalId: options.externalId ?? false,
    unique: options.unique ?? false,
    createable: !options.readOnly,
    updateable: !options.readOnly && !options.createOnly,
    nillable: !options.required && type !== 'boolean',
    custom: options.custom ?? false,
    referenceTo: options.reference ?? [],
    relationshipName: options.relationship ?? null,
    restrictedPicklist: options.restricted ?? false,
    picklistValues: (options.picklist ?? []).map((value, index) => ({
      value,
      label: value,
      active: true,
      defaultValue: index === 0 && type === 'picklist' && name === 'Status',
      validFor: null,
    })),
  };
}
