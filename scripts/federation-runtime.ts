// The federation runtime core for a module's own page: its index.html loads this before the
// module's scripts. The modules are built with Module Federation's `experiments.externalRuntime`,
// so their code takes the runtime core from `globalThis._FEDERATION_RUNTIME_CORE` instead of
// carrying a copy; in the dashboard the shell puts it there (`provideExternalRuntime`). Here,
// without a host, this file does. A page that already has one keeps it.
// Built by `federationRuntimeConfig` in rspack.config.ts into each remote's dist/.
import * as runtimeCore from '@module-federation/runtime-core';

const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };

global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
