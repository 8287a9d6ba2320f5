// Under Stryker (the `runs` set of sync-service/stryker.config.mjs) nock's guard is left out:
// its socket interception, set up again by each test file of one jest run, stacks up in
// Stryker's runner and turns the MongoDB driver's connections into a storm. These suites call
// only the in-process sandbox and the embedded MongoDB.
export function guardOutboundCalls(): void {}

export function verifyOutboundCalls(): void {}
