// The "Select Profile" lists' routes, in a file of their own: the build places a module whole, so
// a table beside the profiles' full one would bring every profile route's schemas into the
// webhooks list's bundle (the partner embed's first load, issue 32). profiles.routes.ts puts them
// into the feature's table.
import * as z from '@outsync/contracts/zod';
import { defineRoute } from '@outsync/contracts';
import { IntegrationItemSchema } from './profiles.schemas';
import { reading } from './route-parts';

/**
 * The "Select Profile" lists' routes. A table of its own, so that a client of the webhooks list
 * alone (the partner embed's first screen, issue 32) bundles these and not the profiles' others.
 */
export const integrationsRoutes = {
  userIntegrations: defineRoute({
    method: 'get',
    path: '/api/admin/users/integrations',
    response: z.array(IntegrationItemSchema),
    errors: reading,
    description: 'The signed-in user\'s own CRM profiles, for the "Select Profile" lists.',
  }),
  organizationIntegrations: defineRoute({
    method: 'get',
    path: '/api/admin/organizations/integrations',
    response: z.array(IntegrationItemSchema),
    errors: reading,
    description:
      "The profiles a webhook may be created on: the user's own; for an admin every profile (a manager is read-only staff).",
  }),
};
