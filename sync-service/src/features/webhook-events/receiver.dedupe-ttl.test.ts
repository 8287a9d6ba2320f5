// How long a delivery's identity is remembered (docs/dedupe-and-block-list-runs.md, "How long"):
// 24 hours without the platform's id, 30 days with it. The app's clock is set back to put the
// first delivery where a case needs it; MongoDB's TTL monitor, which forgets an identity once
// its time has passed, runs on the real clock (every second on the embedded server, every
// minute on a real one: the cases that wait for it may take a minute there).
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  DAY_MS,
  clock,
  deliverAll,
  forgotten,
  instantly,
  keptForMs,
  newWebhook,
  outcomes,
  outcomesOf,
  smartlead,
  useDedupeApp,
} from './receiver.dedupe.test-support';

guardOutboundCalls();
useDedupeApp();

const AT = '2026-03-02T09:00:00.000Z';
const MINUTE_MS = 60 * 1000;

/** The clock at `ms` before now. */
function setBack(ms: number): void {
  clock.set(new Date(Date.now() - ms));
}

describe('without an id: remembered 24 hours', () => {
  it('keeps the identity 24 hours from when the event was received', async () => {
    const hook = await newWebhook('smartlead');
    const ids = await deliverAll(hook, [smartlead.open({ email: 'ann@ttl-hash.test', at: AT })]);
    expect(await outcomesOf(ids)).toEqual(['synced']);
    expect(await keptForMs(ids)).toEqual([86_400_000]);
  });

  it('still knows a repeat a minute before the 24 hours are over', async () => {
    const hook = await newWebhook('instantly');
    const open = instantly.open({ email: 'bo@ttl-hash.test', at: AT });
    setBack(DAY_MS - MINUTE_MS);
    const [first] = await deliverAll(hook, [open]);
    clock.set(new Date());
    const [again] = await deliverAll(hook, [open]);
    expect(await outcomesOf([first ?? '', again ?? ''])).toEqual(['synced', 'duplicate']);
  });

  it('takes the same content again once the 24 hours are over', async () => {
    const hook = await newWebhook('smartlead');
    const open = smartlead.open({ email: 'cal@ttl-hash.test', at: AT });
    setBack(DAY_MS + 2_000);
    const [first] = await deliverAll(hook, [open]);
    await forgotten(first ?? '');
    clock.set(new Date());
    expect(await outcomes(hook, [open])).toEqual(['synced']);
  }, 90_000);
});

describe("with the platform's id: remembered 30 days", () => {
  it('keeps the identity 30 days from when the event was received', async () => {
    const hook = await newWebhook('smartlead');
    const ids = await deliverAll(hook, [
      smartlead.sent({ email: 'dot@ttl-id.test', at: AT, statsId: 'st-ttl-1' }),
    ]);
    expect(await outcomesOf(ids)).toEqual(['synced']);
    expect(await keptForMs(ids)).toEqual([2_592_000_000]);
  });

  it('still knows a retry a minute before the 30 days are over, and a day later', async () => {
    const hook = await newWebhook('instantly');
    const monthOld = instantly.sent({ email: 'eve@ttl-id.test', at: AT, emailId: 'em-ttl-1' });
    setBack(30 * DAY_MS - MINUTE_MS);
    const [first] = await deliverAll(hook, [monthOld]);
    const dayOld = instantly.sent({ email: 'eve@ttl-id.test', at: AT, emailId: 'em-ttl-2' });
    setBack(DAY_MS + 2_000);
    const [second] = await deliverAll(hook, [dayOld]);
    clock.set(new Date());
    const [retryOfFirst, retryOfSecond] = await deliverAll(hook, [monthOld, dayOld]);
    expect(
      await outcomesOf([first ?? '', second ?? '', retryOfFirst ?? '', retryOfSecond ?? '']),
    ).toEqual(['synced', 'synced', 'duplicate', 'duplicate']);
  });

  it('takes the same id again once the 30 days are over', async () => {
    const hook = await newWebhook('smartlead');
    const sent = smartlead.sent({ email: 'flo@ttl-id.test', at: AT, statsId: 'st-ttl-2' });
    setBack(30 * DAY_MS + 2_000);
    const [first] = await deliverAll(hook, [sent]);
    await forgotten(first ?? '');
    clock.set(new Date());
    expect(await outcomes(hook, [sent])).toEqual(['synced']);
  }, 90_000);
});
