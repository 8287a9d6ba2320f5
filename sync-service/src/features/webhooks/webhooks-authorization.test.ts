// Who sees and changes which webhooks: the owner, a customer on the same HubSpot portal,
// customers elsewhere, a manager and an admin. A webhook the caller may not see answers 404, as
// one that does not exist; one they see but may not change answers 403.
import type { Webhook, WebhooksResponse } from '@outsync/contracts/webhooks';
import nock from 'nock';
import { buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import type { ProfileDoc } from '../profiles';
import { webhookModel, type WebhookDoc } from './webhooks.service';

guardOutboundCalls();

const WEBHOOKS = '/api/admin/webhooks';
const PORTAL = '4400001';
const HUBSPOT_OWNER = {
  id: '501',
  email: 'olive.owner@alice.test',
  firstName: 'Olive',
  lastName: 'Owner',
  archived: false,
};

type Error_ = { code: string; message: string };
type Person = { client: TestClient; id: string; profile: ProfileDoc | null };

let app: TestApp;
let alice: Person;
/** Another customer whose own profile connects the same HubSpot portal as Alice's. */
let carol: Person;
/** A customer on another portal. */
let bob: Person;
/** A customer whose Salesforce org id happens to read like Alice's hub id. */
let dave: Person;
let manager: Person;
let admin: Person;

async function person(
  email: string,
  role: 'MANAGER' | 'ADMIN' | null,
  profile?: { crm: 'HUBSPOT' | 'SALESFORCE'; organizationId: string },
): Promise<Person> {
  const client = await app.signIn({ email, role });
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error('no user');
  const built = profile
    ? await buildProfile(app.db, {
        ownerId: doc._id,
        crm: profile.crm,
        organizationId: profile.organizationId,
        secrets: app.secrets,
        connection: { accessToken: `${email}-access`, refreshToken: `${email}-refresh` },
        ...(profile.crm === 'SALESFORCE'
          ? {
              salesforce: {
                domain: 'https://dave.my.salesforce.com',
                consumerKey: 'ck',
                consumerSecret: 'cs',
              },
            }
          : {}),
      })
    : null;
  return { client, id: doc._id.toString(), profile: built };
}

function profileOf(who: Person): ProfileDoc {
  if (!who.profile) throw new Error('no profile');
  return who.profile;
}

beforeAll(async () => {
  app = await startTestApp();
  alice = await person('alice@customer-a.test', null, { crm: 'HUBSPOT', organizationId: PORTAL });
  carol = await person('carol@customer-a.test', null, { crm: 'HUBSPOT', organizationId: PORTAL });
  bob = await person('bob@customer-b.test', null, { crm: 'HUBSPOT', organizationId: '4400002' });
  dave = await person('dave@customer-d.test', null, { crm: 'SALESFORCE', organizationId: PORTAL });
  manager = await person('manager@outsync.test', 'MANAGER');
  admin = await person('admin@outsync.test', 'ADMIN');
});

afterAll(async () => {
  await app.stop();
});

const webhookOf = (who: Person) => buildWebhook(app.db, { profile: profileOf(who) });

async function listOf(who: Person): Promise<WebhooksResponse> {
  const answer = await who.client.get<WebhooksResponse>(WEBHOOKS);
  expect(answer.status).toBe(200);
  return answer.body;
}

function find(list: Webhook[], doc: WebhookDoc): Webhook | undefined {
  return list.find((webhook) => webhook.id === doc._id.toString());
}

const validSettings = { emailService: 'instantly', objectLookupMethod: 'default' };

describe('the lists', () => {
  let alices: WebhookDoc;
  let carols: WebhookDoc;
  let bobs: WebhookDoc;
  let daves: WebhookDoc;

  beforeAll(async () => {
    alices = await webhookOf(alice);
    carols = await webhookOf(carol);
    bobs = await webhookOf(bob);
    daves = await webhookOf(dave);
  });

  it('need a session', async () => {
    expect((await app.asAnonymous().get(WEBHOOKS)).status).toBe(401);
  });

  it('the owner: their own in both lists, with canUpdate', async () => {
    const list = await listOf(alice);
    expect(find(list.webhooks, alices)?.canUpdate).toBe(true);
    expect(find(list.allWebhooks, alices)?.canUpdate).toBe(true);
    expect(list.webhooks.map((webhook) => webhook.id)).toEqual([alices._id.toString()]);
  });

  it("a customer on the same portal sees the other's in All webhooks, without canUpdate", async () => {
    const list = await listOf(carol);
    expect(list.webhooks.map((webhook) => webhook.id)).toEqual([carols._id.toString()]);
    expect(find(list.allWebhooks, alices)?.canUpdate).toBe(false);
    expect(find(list.allWebhooks, carols)?.canUpdate).toBe(true);
    expect(find(list.allWebhooks, bobs)).toBeUndefined();
    expect(find(list.allWebhooks, daves)).toBeUndefined();
  });

  it('customers on other portals or CRMs never see it', async () => {
    for (const who of [bob, dave]) {
      const list = await listOf(who);
      expect(JSON.stringify(list)).not.toContain(alices._id.toString());
      expect(JSON.stringify(list)).not.toContain(alices.code);
    }
  });

  it('a manager sees every webhook, and may change none of the others’', async () => {
    const list = await listOf(manager);
    expect(list.webhooks).toEqual([]);
    for (const doc of [alices, carols, bobs, daves]) {
      expect(find(list.allWebhooks, doc)?.canUpdate).toBe(false);
    }
  });

  it('an admin sees every webhook, and may change them all', async () => {
    const list = await listOf(admin);
    for (const doc of [alices, carols, bobs, daves]) {
      expect(find(list.allWebhooks, doc)?.canUpdate).toBe(true);
    }
  });

  it("a same-portal customer sees the owner's endpoints by description only, not their URLs", async () => {
    const endpoint = await buildUserAccount(app.db, {
      userProfileId: profileOf(alice)._id,
      url: 'https://hooks.zapier.test/catch/123/secret',
      description: 'Zap',
    });
    const withEndpoint = await buildWebhook(app.db, {
      profile: profileOf(alice),
      settings: {
        emailService: 'smartlead',
        objectLookupMethod: 'default',
        additionalEndpoints: [
          { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_SENT'] },
        ],
      },
    });
    const seen = find((await listOf(carol)).allWebhooks, withEndpoint);
    expect(seen?.userAccountWebhooks).toEqual([
      {
        userAccount: { id: endpoint._id.toString(), description: 'Zap' },
        eventTypes: ['EMAIL_SENT'],
      },
    ]);
    expect(seen?.user.userAccounts).toEqual([
      expect.objectContaining({ id: endpoint._id.toString(), description: 'Zap', url: '' }),
    ]);
    const own = find((await listOf(alice)).webhooks, withEndpoint);
    expect(own?.user.userAccounts[0]?.url).toBe('https://hooks.zapier.test/catch/123/secret');
  });
});

describe('update', () => {
  const put = (who: Person, doc: WebhookDoc) =>
    who.client.put<Webhook & Error_>(`${WEBHOOKS}/${doc._id.toString()}`, validSettings);

  it('the owner and an admin may', async () => {
    const doc = await webhookOf(alice);
    for (const who of [alice, admin]) {
      const answer = await put(who, doc);
      expect([answer.status, answer.body.emailService]).toEqual([200, 'instantly']);
      expect(answer.body.canUpdate).toBe(true);
      expect(answer.body.userId).toBe(alice.id);
    }
  });

  it('another customer on the portal and a manager get 403 naming who may', async () => {
    const doc = await webhookOf(alice);
    for (const who of [carol, manager]) {
      const answer = await put(who, doc);
      expect([answer.status, answer.body]).toEqual([
        403,
        { code: 'forbidden', message: "Only the webhook's owner or an admin can change it." },
      ]);
    }
    expect((await webhookModel(app.db.connection).findById(doc._id).lean())?.emailService).toBe(
      'smartlead',
    );
  });

  it('customers who cannot see it get 404, as for one that does not exist', async () => {
    const doc = await webhookOf(alice);
    for (const who of [bob, dave]) {
      const answer = await put(who, doc);
      expect([answer.status, answer.body.code]).toEqual([404, 'not_found']);
    }
  });
});

describe('delete', () => {
  const remove = (who: Person, doc: WebhookDoc) =>
    who.client.delete<Error_ & { id: string }>(`${WEBHOOKS}/${doc._id.toString()}`);

  it('the owner and an admin may', async () => {
    for (const who of [alice, admin]) {
      const doc = await webhookOf(alice);
      const answer = await remove(who, doc);
      expect([answer.status, answer.body.id]).toEqual([200, doc._id.toString()]);
    }
  });

  it('a same-portal customer and a manager get 403; other customers 404', async () => {
    const doc = await webhookOf(alice);
    for (const who of [carol, manager]) {
      expect((await remove(who, doc)).status).toBe(403);
    }
    for (const who of [bob, dave]) {
      expect((await remove(who, doc)).status).toBe(404);
    }
    expect(await webhookModel(app.db.connection).countDocuments({ _id: doc._id })).toBe(1);
  });
});

describe('create', () => {
  async function createOn(who: Person, profile: ProfileDoc) {
    const code = (await who.client.post<string>(`${WEBHOOKS}/generate`)).body;
    return who.client.post<Webhook & Error_>(WEBHOOKS, {
      ...validSettings,
      userProfileId: profile._id.toString(),
      selectedOwner: {
        id: '501',
        firstName: '',
        lastName: '',
        email: HUBSPOT_OWNER.email,
        name: '',
      },
      code,
    });
  }

  function portalOwners(): void {
    nock('https://api.hubapi.com')
      .get('/crm/v3/owners')
      .query(true)
      .reply(200, { results: [HUBSPOT_OWNER] });
  }

  it("customers cannot create on another's profile, even on their portal (404)", async () => {
    for (const who of [carol, bob]) {
      const answer = await createOn(who, profileOf(alice));
      expect([answer.status, answer.body.code]).toEqual([404, 'not_found']);
    }
  });

  it('the owner creates on their own profile', async () => {
    portalOwners();
    const answer = await createOn(alice, profileOf(alice));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ userId: alice.id, canUpdate: true });
  });

  it("a manager (read-only staff) may not create on a customer's profile: 404, nothing stored", async () => {
    const answer = await createOn(manager, profileOf(alice));
    expect([answer.status, answer.body]).toEqual([
      404,
      { code: 'not_found', message: 'No such profile, or it is not yours.' },
    ]);
    expect(await webhookModel(app.db.connection).countDocuments({ createdBy: manager.id })).toBe(0);
  });

  it("an admin creates on a customer's profile and may change it", async () => {
    portalOwners();
    const answer = await createOn(admin, profileOf(alice));
    expect([answer.status, answer.body.canUpdate, answer.body.userId]).toEqual([
      201,
      true,
      alice.id,
    ]);
  });

  it("a code generated for the owner is not an admin's to use", async () => {
    const code = (await alice.client.post<string>(`${WEBHOOKS}/generate`)).body;
    const answer = await admin.client.post<Error_>(WEBHOOKS, {
      ...validSettings,
      userProfileId: profileOf(alice)._id.toString(),
      selectedOwner: {
        id: '501',
        firstName: '',
        lastName: '',
        email: HUBSPOT_OWNER.email,
        name: '',
      },
      code,
    });
    expect([answer.status, answer.body.code]).toEqual([409, 'code_unavailable']);
  });
});
