// The partner demo's accounts (issue 15): two customers of a partner agency, each with their own
// HubSpot portal and a webhook, and the partner account that may act for both — made through the
// service's own API, as an admin and the customers would. Idempotent; the partner's key is
// rotated on every start (a key is shown once, and the demo's backend needs one).
import { createWebhook, signedInSession, type ApiSession } from './demo-workspace.ts';
import type { PartnerDemoCustomer } from './partner-demo/partner-demo.ts';

export const DEMO_PARTNER_NAME = 'Acme Agency (demo)';

/** The partner's two customers; each connects a sandbox portal of its own. */
export const PARTNER_DEMO_CUSTOMERS = [
  {
    slug: 'northwind',
    name: 'Northwind Traders',
    email: 'ana.lima@northwind.partner-demo.example',
    hubId: 7_100_001,
  },
  {
    slug: 'contoso',
    name: 'Contoso Sales',
    email: 'ben.ortiz@contoso.partner-demo.example',
    hubId: 7_100_002,
  },
] as const satisfies readonly (PartnerDemoCustomer & { hubId: number })[];

type Partner = { id: string; name: string };

export async function setUpDemoPartner(
  admin: ApiSession,
  options: {
    serviceUrl: string;
    sandboxUrl: string;
    /** Where the partner's pages are served from (the embed tokens' allowed origins). */
    origins: string[];
    log: (line: string) => void;
  },
): Promise<{ partnerKey: string }> {
  const { serviceUrl, sandboxUrl, log } = options;
  for (const customer of PARTNER_DEMO_CUSTOMERS) {
    await ensureSandboxPortal(sandboxUrl, {
      hubId: customer.hubId,
      name: `${customer.name} (partner demo)`,
      ownerEmails: [customer.email],
    });
    const api = await signedInSession(serviceUrl, sandboxUrl, customer.email);
    const { url } = await api.expect<{ url: string }>('GET', '/api/admin/hubspot/authorize-url');
    await api.completeOAuth(url, { hubId: customer.hubId });
    const integrations = await api.expect<
      { user: { id: string; organizationId: string; email: string } }[]
    >('GET', '/api/admin/users/integrations');
    // The profile of this portal's owner (the customer), connected just now.
    const profileId = integrations.find(
      (item) =>
        item.user.organizationId === String(customer.hubId) && item.user.email === customer.email,
    )?.user.id;
    if (!profileId) throw new Error(`${customer.email} has no HubSpot profile after connecting`);
    const { webhooks } = await api.expect<{ webhooks: { userProfileId: string }[] }>(
      'GET',
      '/api/admin/webhooks',
    );
    if (!webhooks.some((webhook) => webhook.userProfileId === profileId)) {
      await createWebhook(api, {
        userProfileId: profileId,
        platform: 'smartlead',
        ownersPath: `/api/admin/hubspot/owners-and-user-accounts/${profileId}`,
        settings: { objectLookupMethod: 'default', createOrUpdateCompany: true, logType: 0 },
      });
      log(`Partner demo: ${customer.name}'s webhook created`);
    }
  }

  const request = {
    name: DEMO_PARTNER_NAME,
    allowedOrigins: options.origins,
    customerEmails: PARTNER_DEMO_CUSTOMERS.map((customer) => customer.email),
  };
  const partners = await admin.expect<Partner[]>('GET', '/api/admin/partners');
  const existing = partners.find((partner) => partner.name === DEMO_PARTNER_NAME);
  if (!existing) {
    const created = await admin.expect<{ apiKey: string }>('POST', '/api/admin/partners', request);
    log(`Partner demo: partner "${DEMO_PARTNER_NAME}" created`);
    return { partnerKey: created.apiKey };
  }
  await admin.expect('PUT', `/api/admin/partners/${existing.id}`, request);
  const rotated = await admin.expect<{ apiKey: string }>(
    'POST',
    `/api/admin/partners/${existing.id}/key`,
  );
  return { partnerKey: rotated.apiKey };
}

/** The customer's own portal in the sandbox (each start runs a fresh sandbox), with its owner. */
async function ensureSandboxPortal(
  sandboxUrl: string,
  portal: { hubId: number; name: string; ownerEmails: string[] },
) {
  const portals = (await (await fetch(`${sandboxUrl}/_sandbox/hubspot/portals`)).json()) as {
    hubId: number;
  }[];
  if (portals.some((existing) => existing.hubId === portal.hubId)) return;
  const answer = await fetch(`${sandboxUrl}/_sandbox/hubspot/portals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(portal),
  });
  if (!answer.ok)
    throw new Error(`the sandbox refused portal ${portal.hubId}: ${await answer.text()}`);
}
