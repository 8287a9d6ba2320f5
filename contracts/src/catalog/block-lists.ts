import * as z from '@outsync/contracts/zod';

export const ListTypeSchema = z.enum(['CONTACT_LIST', 'COMPANY_LIST']);
export type ListType = z.infer<typeof ListTypeSchema>;

/** HUBSPOT list object type ids (spec 02 §9). */
export const crmListObjectTypeIds = { contacts: '0-1', companies: '0-2' } as const;

/** The option that creates a new social-platform list (spec 02 §9). */
export const CREATE_NEW_LIST_OPTION_ID = 'CREATE_NEW';

/** The Blocked List table cuts error texts to this many characters (spec 02 §9). */
export const BLOCK_LIST_ERROR_MAX_LENGTH = 55;
