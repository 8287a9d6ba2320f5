import * as z from '@outsync/contracts/zod';

/** The CRM destinations; the kind values are part of the contract (spec 01 §1). */
export const CrmKindSchema = z.enum(['HUBSPOT', 'SALESFORCE']);
export type CrmKind = z.infer<typeof CrmKindSchema>;

/** What "{CRM name}" stands for in the UI texts; the sidebar shows these too (spec 02 §2.1). */
export const crmDisplayNames = {
  HUBSPOT: 'HubSpot',
  SALESFORCE: 'Salesforce',
} as const satisfies Record<CrmKind, string>;
