import { z } from 'zod';
import type { SalesforceContext } from './salesforce-context';
import { querySoql } from './salesforce-soql';

// What the org has: objects' fields (describe), the Task types, the users and permission sets.

export type SalesforceUser = {
  id: string;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
};

export type SalesforcePicklistValue = { value: string; label: string; active: boolean };

export type SalesforceFieldDescribe = {
  name: string;
  label: string;
  type: string;
  custom: boolean;
  picklistValues: SalesforcePicklistValue[];
  /** The field's help text, the closest describe has to a description. */
  inlineHelpText: string | null;
};

export type SalesforceObjectDescribe = {
  name: string;
  label: string;
  fields: SalesforceFieldDescribe[];
};

/** A field as the property pickers list it (contracts' CrmProperty). */
export type SalesforceFieldSummary = { name: string; label: string; description: string };

/**
 * A permission set field permissions can hang off. `Label` is what Salesforce's setup pages
 * show: the set's own label, or for a set a profile owns (its permissions are the profile's),
 * the profile's name: such a set's own label is a generated one.
 */
export type SalesforcePermissionSet = {
  Id: string;
  Name: string;
  Label: string;
  ownedByProfile: boolean;
};

export type SalesforceTaskType = { value: string; label: string };

const DescribeSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  fields: z.array(
    z.looseObject({
      name: z.string(),
      label: z.string(),
      type: z.string(),
      custom: z.boolean(),
      inlineHelpText: z.string().nullish(),
      picklistValues: z
        .array(
          z.looseObject({ value: z.string(), label: z.string().nullish(), active: z.boolean() }),
        )
        .default([]),
    }),
  ),
});

const UserRowSchema = z.looseObject({
  Id: z.string(),
  Name: z.string(),
  Email: z.string().nullish(),
  FirstName: z.string().nullish(),
  LastName: z.string().nullish(),
});

const PermissionSetRowSchema = z.looseObject({
  Id: z.string(),
  Name: z.string(),
  Label: z.string(),
  IsOwnedByProfile: z.boolean().nullish(),
  Profile: z.looseObject({ Name: z.string().nullish() }).nullish(),
});

export async function describeSObject(
  { http, dataPath }: SalesforceContext,
  sobject: string,
): Promise<SalesforceObjectDescribe> {
  const answer = await http.request({
    operation: 'describe',
    method: 'GET',
    path: `${dataPath}/sobjects/${encodeURIComponent(sobject)}/describe`,
    schema: DescribeSchema,
  });
  return {
    name: answer.name,
    label: answer.label,
    fields: answer.fields.map((field) => ({
      name: field.name,
      label: field.label,
      type: field.type,
      custom: field.custom,
      inlineHelpText: field.inlineHelpText ?? null,
      picklistValues: field.picklistValues.map((option) => ({
        value: option.value,
        label: option.label ?? option.value,
        active: option.active,
      })),
    })),
  };
}

export async function listFields(
  context: SalesforceContext,
  objectType: 'Contact' | 'Lead',
): Promise<SalesforceFieldSummary[]> {
  const described = await describeSObject(context, objectType);
  return described.fields.map((field) => ({
    name: field.name,
    label: field.label,
    description: field.inlineHelpText ?? '',
  }));
}

/** Active values of the Task `Type` picklist; none when the field is hidden or absent. */
export async function listTaskTypes(context: SalesforceContext): Promise<SalesforceTaskType[]> {
  const task = await describeSObject(context, 'Task');
  const type = task.fields.find((field) => field.name === 'Type');
  return (type?.picklistValues ?? [])
    .filter((option) => option.active)
    .map((option) => ({ value: option.value, label: option.label }));
}

/** Active standard users: the possible record owners. */
export async function listUsers({ http, dataPath }: SalesforceContext): Promise<SalesforceUser[]> {
  const rows = await querySoql(
    http,
    dataPath,
    "SELECT Id, Name, Email, FirstName, LastName FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name",
    UserRowSchema,
    'listUsers',
  );
  return rows.map((row) => ({
    id: row.Id,
    name: row.Name,
    email: row.Email ?? '',
    firstName: row.FirstName ?? '',
    lastName: row.LastName ?? '',
  }));
}

export async function listPermissionSets({
  http,
  dataPath,
}: SalesforceContext): Promise<SalesforcePermissionSet[]> {
  // Profile-owned sets too (issue 31): granting on the 'System Administrator' profile's own set
  // is spec 01's default, and FieldPermissions may hang off a profile's set like any other.
  const rows = await querySoql(
    http,
    dataPath,
    'SELECT Id, Name, Label, IsOwnedByProfile, Profile.Name FROM PermissionSet',
    PermissionSetRowSchema,
    'listPermissionSets',
  );
  return rows
    .map((row) => {
      const ownedByProfile = row.IsOwnedByProfile === true;
      const label = (ownedByProfile ? row.Profile?.Name : null) || row.Label;
      return { Id: row.Id, Name: row.Name, Label: label, ownedByProfile };
    })
    .sort((a, b) => a.Label.localeCompare(b.Label));
}
