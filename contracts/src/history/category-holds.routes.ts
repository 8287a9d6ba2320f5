import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import {
  CategoryBaseFilterFiltersSchema,
  CategoryBaseFiltersPageSchema,
  CategoryBaseFiltersQuerySchema,
} from './category-holds.schemas';
import { reading } from './route-parts';

/** The category-holds feature's history calls: the events the category-based filter held. */
export const categoryHoldsRoutes = {
  categoryBaseFilters: defineRoute({
    method: 'get',
    path: '/api/admin/category-base-filters',
    request: { query: CategoryBaseFiltersQuerySchema },
    response: CategoryBaseFiltersPageSchema,
    errors: reading,
    description:
      'One page of the events the category-based filter held, newest first, with the total.',
  }),
  categoryBaseFiltersExport: defineRoute({
    method: 'get',
    path: '/api/admin/category-base-filters/export',
    request: { query: CategoryBaseFilterFiltersSchema },
    response: z.string(),
    produces: 'text/csv',
    errors: reading,
    description:
      'Every event the category-based filter held that the filters match, newest first, as a CSV file (UTF-8, a header row; streamed, so any number of rows): the list’s scoping and filters, the columns of the list with the payload’s subject and addresses each their own.',
  }),
  categoryBaseFilterTypes: defineRoute({
    method: 'get',
    path: '/api/admin/category-base-filters/types',
    response: z.array(ActivityEventTypeSchema),
    errors: { 401: 'Not signed in (`unauthorized`).' },
    description:
      'The event types the category filter holds and releases: every activity event type (spec 02 §2.11 filter values).',
  }),
};
