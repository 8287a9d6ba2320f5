export { startService, type Service, type StartOptions } from './service';
export { createApp, type AppDeps } from './app';
export { compose, type Composition, type CompositionDeps } from './composition';
export {
  loadConfig,
  ConfigError,
  ConfigSchema,
  EnvSchema,
  ROLES,
  type Config,
  type Role,
} from './config';
export { createLogger, type Logger } from './platform/logger';
export { openDatabase, type Database } from './platform/db';
export { startWorker, type StopWorker, type WorkerDeps } from './worker';
