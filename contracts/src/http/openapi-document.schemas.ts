import * as z from '@outsync/contracts/zod';

/** The parts of an OpenAPI 3.1 document a client may rely on; the rest passes through. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  jsonSchemaDialect: z.string().optional(),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
