import * as z from '@outsync/contracts/zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** One dependency the service needs before it can take traffic. */
export const ReadinessCheckSchema = z.object({
  name: z.string().describe('The dependency, e.g. `mongodb`.'),
  ok: z.boolean(),
});
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;

export const ReadyResponseSchema = z.object({
  status: z.literal('ok'),
  checks: z.array(ReadinessCheckSchema),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

/** `details` of the 503 `not_ready` envelope: every check, the failing ones with `ok: false`. */
export const NotReadyDetailsSchema = z.object({
  checks: z.array(ReadinessCheckSchema),
});
export type NotReadyDetails = z.infer<typeof NotReadyDetailsSchema>;
