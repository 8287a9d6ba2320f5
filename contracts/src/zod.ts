// `@outsync/contracts/zod`: the zod functions the contracts use, by name, and its types. Every
// contracts file imports zod through it, by package name (`import * as z from
// '@outsync/contracts/zod'`), and it is a federation singleton of its own, so every contracts
// entry (the core, each area's) uses one copy of zod, tree-shaken to these exports. Sharing the
// `zod` package itself would load all of it with the shell: 88 KB gz whole, 34.6 KB with Module
// Federation's shared tree-shaking (its build keeps zod's compiler), against 27.4 KB for these.
// A zod function the contracts start to use is added here. One the service alone needs (the
// OpenAPI builder's `toJSONSchema`) goes to ./zod-server.ts, which is `@outsync/contracts/zod`
// outside the browser (package.json's export conditions).
export {
  array,
  boolean,
  coerce,
  email,
  enum,
  literal,
  looseObject,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
} from 'zod';
export type { infer, input, output, ZodObject, ZodType } from 'zod';
