import type { ReadinessCheck } from '@outsync/contracts';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';

/** A ping slower than this counts as a failure: a probe must answer quickly. */
export const PING_TIMEOUT_MS = 2000;

export type Readiness = { ready: boolean; checks: ReadinessCheck[] };

export type HealthService = {
  readiness(log: Logger): Promise<Readiness>;
};

export function createHealthService(deps: { db: Database }): HealthService {
  return {
    async readiness(log) {
      const checks = [await check('mongodb', () => deps.db.ping(PING_TIMEOUT_MS), log)];
      return { ready: checks.every((result) => result.ok), checks };
    },
  };
}

async function check(
  name: string,
  probe: () => Promise<void>,
  log: Logger,
): Promise<ReadinessCheck> {
  try {
    await probe();
    return { name, ok: true };
  } catch (error) {
    // The reason goes to the log only: probes are unauthenticated.
    log.warn({ check: name, err: error }, 'readiness check failed');
    return { name, ok: false };
  }
}
