// Outbound calls in service tests: nock answers them, or they fail the test.
import nock from 'nock';

/** The test's own servers (the app, the sandbox, fakes): the only hosts a test may really reach. */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** Calls no interceptor matched since the last check, as `METHOD origin/path` (no query). */
const unmatched: string[] = [];

function recordUnmatched(request: Request): void {
  const url = new URL(request.url);
  if (LOCAL_HOST.test(url.host)) return;
  unmatched.push(`${request.method} ${url.origin}${url.pathname}`);
}

/**
 * Call once at the top of a test file (or a describe). Before its tests: the network is closed
 * except for 127.0.0.1/localhost, so a call nock does not answer rejects
 * (NetConnectNotAllowedError). After each test: the test fails when an interceptor it declared
 * was not used, or when a call reached a host that had interceptors but matched none of them
 * (nock answers those with a 501 the code under test might swallow); then every interceptor
 * is removed. After the file: nock lets go of Node's http and net modules again, which outlive
 * the file in the jest worker.
 */
export function guardOutboundCalls(): void {
  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect((host) => LOCAL_HOST.test(host));
    nock.emitter.on('no match', recordUnmatched);
  });

  afterEach(() => {
    verifyOutboundCalls();
  });

  afterAll(() => {
    nock.emitter.removeListener('no match', recordUnmatched);
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  });
}

/**
 * Throws, naming them, when interceptors were declared but not used or calls matched none;
 * either way it starts afresh (every interceptor removed). guardOutboundCalls runs it after
 * each test; a test may call it earlier to check one step.
 */
export function verifyOutboundCalls(): void {
  const pending = nock.pendingMocks();
  const stray = unmatched.splice(0);
  nock.cleanAll();
  const problems: string[] = [];
  if (pending.length > 0) {
    problems.push(`nock interceptors declared but never called:\n  ${pending.join('\n  ')}`);
  }
  if (stray.length > 0) {
    problems.push(`outbound calls no nock interceptor matched:\n  ${stray.join('\n  ')}`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
