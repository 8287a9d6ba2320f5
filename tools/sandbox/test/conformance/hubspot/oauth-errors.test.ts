import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/contacts';
import { HUBSPOT_DEMO_CLIENT_ID, HUBSPOT_DEMO_CLIENT_SECRET } from '../../../src/index.ts';
import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// OAuth (test/openapi/hubspot-oauth-v1.json) and error answers through the official client.
// Every error answer is an operation's `default` response, HubSpot's `Error` schema
// (`category`, `correlationId`, `message` required), which the harness checks.
const hub = useHubspotConformance();
const REDIRECT = 'http://localhost:3000/oauth/hubspot';

/** The user's side of the install: the sandbox's authorize page, Authorize pressed. */
async function authorizationCode(scope: string): Promise<string> {
  const decision = await hub.sandbox.request('POST', '/hubspot/oauth/authorize', {
    form: {
      client_id: HUBSPOT_DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      scope,
      decision: 'authorize',
    },
  });
  return new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

async function exchange(code: string) {
  return hub
    .clientWith({})
    .oauth.tokensApi.create(
      'authorization_code',
      code,
      REDIRECT,
      HUBSPOT_DEMO_CLIENT_ID,
      HUBSPOT_DEMO_CLIENT_SECRET,
    );
}

describe('HubSpot OAuth through @hubspot/api-client', () => {
  it('exchanges a code, calls the API with the access token, reads token metadata and refreshes', async () => {
    const tokens = await exchange(await authorizationCode('oauth crm.objects.contacts.read'));
    expect(tokens).toMatchObject({ tokenType: 'bearer', expiresIn: 1800 });
    const asUser = hub.clientWith({ accessToken: tokens.accessToken });
    const page = await asUser.crm.contacts.basicApi.getPage(1);
    expect(page.results).toHaveLength(1);

    const info = await hub.clientWith({}).oauth.accessTokensApi.get(tokens.accessToken);
    expect(info.scopes).toEqual(expect.arrayContaining(['oauth', 'crm.objects.contacts.read']));
    const refreshInfo = await hub.clientWith({}).oauth.refreshTokensApi.get(tokens.refreshToken);
    expect(refreshInfo.clientId).toBe(HUBSPOT_DEMO_CLIENT_ID);

    const refreshed = await hub
      .clientWith({})
      .oauth.tokensApi.create(
        'refresh_token',
        undefined,
        undefined,
        HUBSPOT_DEMO_CLIENT_ID,
        HUBSPOT_DEMO_CLIENT_SECRET,
        tokens.refreshToken,
      );
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    const again = await hub
      .clientWith({ accessToken: refreshed.accessToken })
      .crm.contacts.basicApi.getPage(1);
    expect(again.results).toHaveLength(1);
  });

  it('refuses an unknown code with 400 BAD_AUTH_CODE', async () => {
    const error = await apiError(exchange('not-a-code'));
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({
      status: 'BAD_AUTH_CODE',
      message: 'missing or unknown auth code',
    });
  });

  it('answers 401 EXPIRED_AUTHENTICATION for an expired access token', async () => {
    const tokens = await exchange(await authorizationCode('oauth crm.objects.contacts.read'));
    await hub.sandbox.request('POST', '/_tokens/expire', { body: { system: 'hubspot' } });
    const error = await apiError(
      hub.clientWith({ accessToken: tokens.accessToken }).crm.contacts.basicApi.getPage(1),
    );
    expect(error.code).toBe(401);
    expect(error.body).toMatchObject({ category: 'EXPIRED_AUTHENTICATION' });
  });

  it('answers 403 MISSING_SCOPES for a call the token has no scope for', async () => {
    const tokens = await exchange(await authorizationCode('oauth crm.objects.contacts.read'));
    const error = await apiError(
      hub.clientWith({ accessToken: tokens.accessToken }).crm.lists.listsApi.getById('101'),
    );
    expect(error.code).toBe(403);
    expect(error.body).toMatchObject({ category: 'MISSING_SCOPES' });
  });
});

describe('HubSpot errors and rate limits through @hubspot/api-client', () => {
  it('answers 400 VALIDATION_ERROR for a search over the filter-group limit', async () => {
    const group = {
      filters: [{ propertyName: 'email', operator: FilterOperatorEnum.HasProperty }],
    };
    const error = await apiError(
      hub.client.crm.contacts.searchApi.doSearch({
        filterGroups: Array.from({ length: 6 }, () => group),
        sorts: [],
        properties: ['email'],
        limit: 10,
        after: '0',
      }),
    );
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });

  it('answers 429 with the TEN_SECONDLY_ROLLING policy once the portal exceeds its rolling limit', async () => {
    await hub.sandbox.request('POST', '/_faults', { body: { system: 'hubspot', rateLimit: 2 } });
    await hub.client.crm.contacts.basicApi.getPage(1);
    await hub.client.crm.contacts.basicApi.getPage(1);
    const error = await apiError(hub.client.crm.contacts.basicApi.getPage(1));
    // developers.hubspot.com/docs/api/usage-details: a 429 names the policy that was hit.
    expect(error.code).toBe(429);
    expect(error.body).toMatchObject({
      status: 'error',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
      message: 'You have reached your ten_secondly_rolling limit.',
    });
  });
});
