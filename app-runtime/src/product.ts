import { atom } from 'jotai';

/**
 * The product name screens print ("Welcome to [product]!"). A partner host that embeds a module
 * under its own brand sets it; our shell keeps the default. Shared through the jotai singleton.
 */
export const productNameAtom = atom('OutSync');

/**
 * True in a partner's page (the embedded webhooks module): the dashboard's other screens are not
 * there to link to. Set by the embed's own store.
 */
export const embeddedAtom = atom(false);
