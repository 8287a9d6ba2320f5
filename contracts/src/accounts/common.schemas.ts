import * as z from '@outsync/contracts/zod';

/** Ids are MongoDB ObjectIds as 24 hex digits; anything else is a 400, never a lookup. */
export const IdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, { error: 'Expected an id (24 hexadecimal digits).' })
  .describe('Identifier (24 hexadecimal digits).');
export type Id = z.infer<typeof IdSchema>;

export const IdParamsSchema = z.object({ id: IdSchema });

/** The answer of calls that only report whether they worked (spec 01 §7: {success, message}). */
export const SuccessMessageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type SuccessMessageResponse = z.infer<typeof SuccessMessageResponseSchema>;

/** True when `value`, trimmed, parses as an absolute http(s) URL (spec 02 §5 "must parse as a URL"). */
export function isHttpUrl(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) return false;
  const { protocol, hostname } = new URL(trimmed);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/** Free text a form sends; the bound keeps a hostile body from filling the database. */
export const shortText = (max = 500) =>
  z.string().max(max, { error: `At most ${max} characters.` });
