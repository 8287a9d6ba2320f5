/**
 * A clock moved by hand (`clock.at`) or by the sleeps of the code under test, which it records
 * (`clock.slept`): rate-limit tests see every wait without waiting. It starts at the real time,
 * so the TTL indexes of budgets kept in MongoDB (the server's clock) leave their documents be.
 */
export function fakeTime() {
  const clock = { at: Date.now(), slept: [] as number[] };
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

export type FakeTime = ReturnType<typeof fakeTime>;
