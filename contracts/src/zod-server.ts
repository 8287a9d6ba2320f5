// `@outsync/contracts/zod` outside the browser (package.json's `default` export condition; the
// browser builds and jsdom tests get ./zod.ts): zod.ts and what only the service uses, zod's JSON
// Schema converter for the OpenAPI document.
export * from './zod';
export { toJSONSchema } from 'zod';
