import * as z from '@outsync/contracts/zod';
import { defineRoute } from '@outsync/contracts';
import {
  ApiKeyCheckRequestSchema,
  ApiKeyCheckResponseSchema,
  ApiKeyCreateRequestSchema,
  ApiKeyDeleteResponseSchema,
  ApiKeySchema,
  ApiKeySecretResponseSchema,
  ApiKeysResponseSchema,
  ApiKeyUpdateRequestSchema,
  ApiKeyValidateResponseSchema,
  LeadCategoriesAddRequestSchema,
  LeadCategoriesResponseSchema,
  ProfileApiKeysQuerySchema,
} from './api-keys.schemas';
import { IdParamsSchema } from './common.schemas';
import { notFound, ProfileIdParamsSchema, reading, signedIn, upstream } from './route-parts';

/** The api-keys feature's routes: the platforms' API keys and their lead categories (spec 02 §7). */
export const apiKeysRoutes = {
  apiKeys: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys',
    response: ApiKeysResponseSchema,
    errors: reading,
    description: "The user's API keys, and for managers and admins every user's (keys masked).",
  }),
  checkApiKey: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys/check',
    request: { body: ApiKeyCheckRequestSchema },
    response: ApiKeyCheckResponseSchema,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      ...upstream,
    },
    description: 'Asks the platform whether it accepts the key (bison at the given base URL).',
  }),
  createApiKey: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys',
    request: { body: ApiKeyCreateRequestSchema },
    response: ApiKeySchema,
    status: 201,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      404: 'The profile is not yours (`not_found`).',
      ...upstream,
    },
    description:
      "Checks the key with the platform, then stores it encrypted on one of the user's profiles.",
  }),
  updateApiKey: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/api-keys/:id',
    request: { params: IdParamsSchema, body: ApiKeyUpdateRequestSchema },
    response: ApiKeySchema,
    errors: {
      ...signedIn,
      400: 'Invalid form, or the platform refused the key (`api_key_invalid`).',
      404: notFound,
      ...upstream,
    },
    description:
      'Checks the new key with the platform, then replaces the stored key, platform, base URL and description.',
  }),
  validateApiKey: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/api-keys/:id/validate',
    request: { params: IdParamsSchema },
    response: ApiKeyValidateResponseSchema,
    errors: { ...signedIn, 404: notFound, ...upstream },
    description: 'Check API Key: asks the platform again and stores the answer as isValid.',
  }),
  revealApiKey: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys/:id/secret',
    request: { params: IdParamsSchema },
    response: ApiKeySecretResponseSchema,
    errors: { ...reading, 404: "No such key, or it is not the caller's own (`not_found`)." },
    description: "The key itself, for its owner's show toggle only; never cached.",
  }),
  deleteApiKey: defineRoute({
    method: 'delete',
    path: '/api/admin/dashboard/smartlead/:id',
    request: { params: IdParamsSchema },
    response: ApiKeyDeleteResponseSchema,
    errors: {
      ...signedIn,
      404: notFound,
      409: 'A webhook or block-list sync uses the key (`in_use`); the message names it.',
    },
    description: "Deletes one of the user's API keys.",
  }),
  profileApiKeys: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/users/:userId/api-keys',
    request: { params: ProfileIdParamsSchema, query: ProfileApiKeysQuerySchema },
    response: z.array(ApiKeySchema),
    errors: { ...reading, 404: notFound },
    description: 'The API keys of one profile, optionally of one platform.',
  }),
  leadCategories: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/api-keys/:id/lead-categories',
    request: { params: IdParamsSchema },
    response: LeadCategoriesResponseSchema,
    errors: { ...reading, 404: notFound, ...upstream },
    description:
      "The key's lead categories: read from Smartlead and Instantly, bison's fixed list, HeyReach's stored ones.",
  }),
  addLeadCategories: defineRoute({
    method: 'post',
    path: '/api/admin/dashboard/api-keys/:id/lead-categories',
    request: { params: IdParamsSchema, body: LeadCategoriesAddRequestSchema },
    response: LeadCategoriesResponseSchema,
    errors: {
      ...signedIn,
      400: 'Only HeyReach keys take categories by hand (`bad_request`).',
      404: notFound,
    },
    description: 'Adds HeyReach categories (duplicates ignored) and answers the whole list.',
  }),
};
