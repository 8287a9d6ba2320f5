// API keys end to end (set-up in api-keys.test-support.ts): what the service gives other
// modules: a profile's delete guard and the sync engine's platform client.
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { alice, useApiKeysApp, customer, createKey, serviceWith } from './api-keys.test-support';

guardOutboundCalls();
useApiKeysApp();

describe('for other modules', () => {
  it("describes a profile's keys for its delete guard", async () => {
    const owner = await customer('carol@customer.test', 'Carol', 'Cole');
    const service = serviceWith({});
    const id = owner.profile._id.toString();
    expect(await service.describeUsageOfProfile(id)).toEqual([]);
    await createKey(owner, 'smartlead');
    expect(await service.describeUsageOfProfile(id)).toEqual(['1 API key']);
    await createKey(owner, 'bison');
    expect(await service.describeUsageOfProfile(id)).toEqual(['2 API keys']);
  });

  it("keeps a profile with keys from being deleted (the profiles module's guard)", async () => {
    const owner = await customer('dave@customer.test', 'Dave', 'Dunn');
    const key = await createKey(owner, 'smartlead');
    const path = `/api/admin/hubspot/profiles/${owner.profile._id.toString()}`;
    const refused = await owner.client.delete<{ code: string; message: string }>(path);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect(refused.body.message).toContain('1 API key');
    expect((await owner.client.delete(`/api/admin/dashboard/smartlead/${key.id}`)).status).toBe(
      200,
    );
    expect((await owner.client.delete(path)).status).toBe(200);
  });

  it('gives the sync engine a client holding the stored key', async () => {
    const key = await createKey(alice, 'heyreach');
    const opened = await serviceWith({}).platformClientForKey(key.id);
    expect(opened).toMatchObject({ platform: 'heyreach', keyId: key.id });
    expect(await opened?.client.checkApiKey()).toEqual({ valid: true });
    expect(await serviceWith({}).platformClientForKey(new Types.ObjectId().toString())).toBe(
      undefined,
    );
  });
});
