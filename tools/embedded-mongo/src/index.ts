export {
  startEmbeddedMongo,
  type EmbeddedMongo,
  type EmbeddedMongoOptions,
} from './embedded-mongo.ts';
export type { FaultControls, FailCommandsOptions, InjectedError } from './faults.ts';
