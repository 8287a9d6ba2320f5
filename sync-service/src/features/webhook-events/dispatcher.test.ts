// The dispatcher's adaptive batch window (issue 32, "Latency"): an event that finds its CRM
// account quiet is queued at once, alone; the events that follow it within the window are
// gathered into one job at the window's end, window after window while they keep coming.
import { memoryLogger } from '../../testing/test-support';
import { createSyncDispatcher } from './dispatcher';

const WINDOW_MS = 50;

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

/** A dispatcher whose jobs are recorded (their event ids, and when they were queued). */
function dispatcher(options: { windowMs?: number; maxBatch?: number; fails?: boolean } = {}) {
  const jobs: { ids: string[]; atMs: number }[] = [];
  const started = Date.now();
  const { logger, lines } = memoryLogger('debug');
  const sync = createSyncDispatcher({
    schedule(eventIds) {
      jobs.push({ ids: [...eventIds], atMs: Date.now() - started });
      return options.fails ? Promise.reject(new Error('no database')) : Promise.resolve();
    },
    windowMs: options.windowMs ?? WINDOW_MS,
    ...(options.maxBatch === undefined ? {} : { maxBatch: options.maxBatch }),
    now: () => new Date(),
    logger,
  });
  return { sync, jobs, lines };
}

it('queues the event of a quiet account at once, alone', () => {
  const { sync, jobs } = dispatcher();

  sync.enqueue('account', 'e1');

  expect(jobs).toEqual([{ ids: ['e1'], atMs: 0 }]);
});

it('gathers the events that follow within the window into one job at its end', () => {
  const { sync, jobs } = dispatcher();

  sync.enqueue('account', 'e1');
  jest.advanceTimersByTime(10);
  sync.enqueue('account', 'e2');
  jest.advanceTimersByTime(20);
  sync.enqueue('account', 'e3');
  expect(jobs).toHaveLength(1);
  jest.advanceTimersByTime(WINDOW_MS - 30);

  expect(jobs).toEqual([
    { ids: ['e1'], atMs: 0 },
    { ids: ['e2', 'e3'], atMs: WINDOW_MS },
  ]);
});

it('gathers window after window while events keep coming, and queues at once again after a quiet window', () => {
  const { sync, jobs } = dispatcher();

  // A burst: an event every 20 ms for 200 ms.
  for (let index = 0; index < 10; index += 1) {
    sync.enqueue('account', `e${index}`);
    jest.advanceTimersByTime(20);
  }
  // The burst's last window ends, then a window passes without any event: the account is quiet.
  jest.advanceTimersByTime(2 * WINDOW_MS);
  const burstJobs = jobs.length;
  sync.enqueue('account', 'later');

  expect(jobs.slice(0, burstJobs)).toEqual([
    { ids: ['e0'], atMs: 0 },
    { ids: ['e1', 'e2'], atMs: 50 },
    { ids: ['e3', 'e4'], atMs: 100 },
    { ids: ['e5', 'e6', 'e7'], atMs: 150 },
    { ids: ['e8', 'e9'], atMs: 200 },
  ]);
  expect(jobs.at(-1)).toEqual({ ids: ['later'], atMs: 200 + 2 * WINDOW_MS });
});

it('keeps each account to its own window', () => {
  const { sync, jobs } = dispatcher();

  sync.enqueue('a', 'a1');
  sync.enqueue('b', 'b1');
  sync.enqueue('a', 'a2');
  jest.advanceTimersByTime(WINDOW_MS);

  expect(jobs).toEqual([
    { ids: ['a1'], atMs: 0 },
    { ids: ['b1'], atMs: 0 },
    { ids: ['a2'], atMs: WINDOW_MS },
  ]);
});

it('queues a window early once it holds a full batch, and goes on gathering', () => {
  const { sync, jobs } = dispatcher({ maxBatch: 2 });

  for (const id of ['e1', 'e2', 'e3', 'e4']) sync.enqueue('account', id);
  expect(jobs).toEqual([
    { ids: ['e1'], atMs: 0 },
    { ids: ['e2', 'e3'], atMs: 0 },
  ]);
  jest.advanceTimersByTime(WINDOW_MS);

  expect(jobs.at(-1)).toEqual({ ids: ['e4'], atMs: WINDOW_MS });
});

it('queues every event at once with no window', () => {
  const { sync, jobs } = dispatcher({ windowMs: 0 });

  sync.enqueue('account', 'e1');
  sync.enqueue('account', 'e2');

  expect(jobs).toEqual([
    { ids: ['e1'], atMs: 0 },
    { ids: ['e2'], atMs: 0 },
  ]);
});

it('queues what the windows gathered on flush, and nothing after', async () => {
  const { sync, jobs } = dispatcher();
  sync.enqueue('a', 'a1');
  sync.enqueue('a', 'a2');
  sync.enqueue('b', 'b1');
  sync.enqueue('b', 'b2');

  await sync.flush();
  jest.advanceTimersByTime(WINDOW_MS * 2);

  expect(jobs.map((job) => job.ids)).toEqual([['a1'], ['b1'], ['a2'], ['b2']]);
});

it('says at debug level how long each job waited, and leaves a job it could not queue to the sweep', async () => {
  const queued = dispatcher();
  queued.sync.enqueue('account', 'e1');
  queued.sync.enqueue('account', 'e2');
  jest.advanceTimersByTime(WINDOW_MS);
  await queued.sync.flush();
  const failing = dispatcher({ fails: true });
  failing.sync.enqueue('account', 'e1');
  await failing.sync.flush();

  expect(
    queued.lines
      .filter((line) => line.msg === 'sync job queued')
      .map((line) => [line.eventIds, line.gatheredMs]),
  ).toEqual([
    [['e1'], 0],
    [['e2'], WINDOW_MS],
  ]);
  expect(failing.lines.map((line) => [line.level, line.msg])).toEqual([
    ['warn', 'could not queue a sync job; the sweep will'],
  ]);
});
