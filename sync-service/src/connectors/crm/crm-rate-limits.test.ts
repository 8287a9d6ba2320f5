import { createCrmRateLimits, RollingWindow } from './crm-rate-limits';

/** A clock that only moves when the code under test sleeps. */
function fakeTime() {
  const clock = { at: 1_000_000, slept: [] as number[] };
  return {
    clock,
    now: () => clock.at,
    sleep: (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
      return Promise.resolve();
    },
  };
}

const HUBSPOT = 'https://api.hubapi.com';
const call = (path: string) => ({ method: 'POST', url: `${HUBSPOT}${path}` });
const answer = (headers: Record<string, string>) => new Response('{}', { headers });

describe('RollingWindow', () => {
  it('counts calls in any window of its length, and says how long until the next fits', () => {
    const window = new RollingWindow(3, 1000);
    expect([window.take(0), window.take(100), window.take(200)]).toEqual([0, 0, 0]);
    expect(window.take(300)).toBe(700);
    expect(window.take(999)).toBe(1);
    expect(window.take(1000)).toBe(0);
    expect(window.take(1050)).toBe(50);
  });
});

describe('HubSpot', () => {
  it('lets 90 calls of a free portal through in 10 s, then refuses more until the window moves on, waiting only near its end', async () => {
    const time = fakeTime();
    const gate = createCrmRateLimits(time).hubspot('portal-1');
    for (let n = 0; n < 90; n += 1)
      await gate.throttle(call('/crm/v3/objects/contacts/batch/read'));
    expect(time.clock.slept).toEqual([]);

    await expect(gate.throttle(call('/crm/v3/objects/contacts/batch/read'))).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 10,
    });
    // Close to the end of the window, it waits instead.
    time.clock.at += 8500;
    await gate.throttle(call('/crm/v3/objects/contacts/batch/read'));
    expect(time.clock.slept).toEqual([1500]);
  });

  it('learns the portal’s tier from its answers: 190 per 10 s allows 171', async () => {
    const time = fakeTime();
    const gate = createCrmRateLimits(time).hubspot('portal-1');
    gate.observe(
      answer({
        'X-HubSpot-RateLimit-Max': '190',
        'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
      }),
    );
    for (let n = 0; n < 171; n += 1)
      await gate.throttle(call('/crm/v3/objects/emails/batch/create'));
    expect(time.clock.slept).toEqual([]);
    await expect(gate.throttle(call('/crm/v3/objects/emails/batch/create'))).rejects.toMatchObject({
      message: expect.stringContaining('(171 per 10 s)') as string,
    });
  });

  it('keeps searches to 3 a second (90 % of HubSpot’s 4, rounded down), on top of the portal’s budget', async () => {
    const time = fakeTime();
    const gate = createCrmRateLimits(time).hubspot('portal-1');
    for (let n = 0; n < 3; n += 1) await gate.throttle(call('/crm/v3/objects/contacts/search'));
    await gate.throttle(call('/crm/v3/objects/contacts/batch/read'));
    expect(time.clock.slept).toEqual([]);
    await gate.throttle(call('/crm/v3/objects/contacts/search'));
    expect(time.clock.slept).toEqual([1000]);
  });

  it('refuses a call that would wait longer than 2 s, retryable after the wait, and holds nothing asleep', async () => {
    const time = fakeTime();
    const gate = createCrmRateLimits(time).hubspot('portal-1');
    gate.observe(
      answer({
        'X-HubSpot-RateLimit-Max': '1',
        'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
      }),
    );
    await gate.throttle(call('/crm/v3/objects/contacts/batch/read'));
    time.clock.at += 500;

    await expect(
      gate.throttle(call('/crm/v3/objects/contacts/batch/upsert')),
    ).rejects.toMatchObject({
      system: 'hubspot',
      code: 'rate_limited',
      retryAfterSeconds: 10,
      message:
        'HubSpot: this portal’s calls budget (1 per 10 s) is used; OutSync tries again in 10 s rather than collect HubSpot’s 429s.',
    });
    expect(time.clock.slept).toEqual([]);
  });

  it('keeps one budget per portal, shared by every client of it', async () => {
    const time = fakeTime();
    const limits = createCrmRateLimits(time);
    for (let n = 0; n < 90; n += 1) await limits.hubspot('portal-1').throttle(call('/a'));
    await limits.hubspot('portal-2').throttle(call('/a'));
    expect(time.clock.slept).toEqual([]);
    await expect(limits.hubspot('portal-1').throttle(call('/a'))).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });
});

describe('Salesforce', () => {
  const usage = (used: number, max: number) =>
    answer({ 'Sforce-Limit-Info': `api-usage=${used}/${max}` });

  it('lets calls through while less than 90 % of the daily budget is used', async () => {
    const gate = createCrmRateLimits(fakeTime()).salesforce('org-1');
    await expect(gate.throttle(call('/q'))).resolves.toBeUndefined();
    gate.observe(usage(89_999, 100_000));
    await expect(gate.throttle(call('/q'))).resolves.toBeUndefined();
  });

  it('refuses calls for 15 minutes once 90 % is used, then tries again and reads the usage anew', async () => {
    const time = fakeTime();
    const gate = createCrmRateLimits(time).salesforce('org-1');
    gate.observe(usage(99_000, 110_000));

    await expect(gate.throttle(call('/q'))).rejects.toMatchObject({
      system: 'salesforce',
      code: 'rate_limited',
      retryAfterSeconds: 900,
      message:
        'Salesforce: 90 % of the org’s daily API requests are used (99,000 of 110,000); OutSync waits so your other integrations keep the rest.',
    });
    time.clock.at += 899_000;
    await expect(gate.throttle(call('/q'))).rejects.toMatchObject({ retryAfterSeconds: 1 });
    time.clock.at += 1000;
    await expect(gate.throttle(call('/q'))).resolves.toBeUndefined();
  });
});
