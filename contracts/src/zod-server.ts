// `@outsync/contracts/zod` outside the browser (package.json's `default` export condition: the
// service, scripts, Node tests, and TypeScript, which resolves this entry for every package): zod's
// classic API, by name, and what only the service uses, zod's JSON Schema converter for the
// OpenAPI document. The browser builds and jsdom tests get ./zod.ts instead: the same names over
// `zod/mini`, with the classic methods the contracts call installed on mini's schemas (it says
// why). A zod function the contracts start to use is added to both files (zod-facade.test.ts
// checks that they export the same names).
export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  looseObject,
  NEVER,
  null,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
} from 'zod';
export type { infer, input, output, ZodObject, ZodType } from 'zod';
export { toJSONSchema } from 'zod';
