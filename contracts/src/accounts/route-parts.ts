import * as z from '@outsync/contracts/zod';
import { IdSchema } from './common.schemas';

// What the connected-accounts area's route files share: the error descriptions their routes
// repeat, and the profile path parameter. Not part of the area's entry: only the route files use
// them.

export const notFound = 'No such item, or it is not yours (`not_found`).';
export const signedIn = {
  401: 'Not signed in (`unauthorized`).',
  403: 'Missing or wrong CSRF token, or no access (`csrf_invalid`, `forbidden`).',
};
export const reading = { 401: 'Not signed in (`unauthorized`).' };
export const upstream = {
  502: 'The CRM or platform did not answer as expected (`upstream_failed`); the message says what it said.',
};
export const notConnected = {
  409: 'The profile has not completed its OAuth connection yet (`not_connected`).',
};

export const ProfileIdParamsSchema = z.object({ userId: IdSchema });
