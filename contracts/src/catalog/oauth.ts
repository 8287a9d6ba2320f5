/** HUBSPOT's OAuth authorize request (spec 02 §9); the redirect is {host}/oauth. */
export const hubspotOAuth = {
  redirectPath: '/oauth',
  scopes: [
    'crm.objects.contacts.write',
    'timeline',
    'crm.objects.owners.read',
    'crm.objects.companies.write',
    'crm.objects.companies.read',
    'crm.objects.contacts.read',
  ],
  optionalScopes: ['crm.schemas.contacts.write', 'crm.lists.read'],
} as const;

/** SALESFORCE's OAuth authorize request, on the customer's own domain (spec 02 §9). */
export const salesforceOAuth = {
  authorizePath: '/services/oauth2/authorize',
  redirectPath: '/oauth/salesforce',
  responseType: 'code',
  prompt: 'login',
} as const;
