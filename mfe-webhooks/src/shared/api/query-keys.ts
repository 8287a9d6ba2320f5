/**
 * Query keys more than one feature of this module uses. The webhooks list is read by the list
 * feature and invalidated by the forms that create and update webhooks; a feature never imports
 * another, so the key lives here.
 */
export const webhooksQueryKey = ['webhooks'] as const;
