/**
 * How long until a rolling window of `windowMs` holding the calls at `times` has room for one
 * more of `limit`: 0 when it has room now, else until its `limit`-th newest call leaves it.
 */
export function rollingWindowWait(
  times: readonly number[],
  limit: number,
  windowMs: number,
  at: number,
): number {
  const inWindow = times.filter((time) => time > at - windowMs).sort((a, b) => a - b);
  if (inWindow.length < limit) return 0;
  return (inWindow[inWindow.length - limit] ?? at) + windowMs - at;
}
