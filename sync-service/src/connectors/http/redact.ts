export const REDACTED = '[redacted]';

/** Query parameters that carry credentials in the vendors' APIs (Smartlead's `api_key`…). */
const SECRET_PARAMETER =
  /([?&;](?:api_key|apikey|api-key|access_token|refresh_token|client_secret|code|token|password)=)[^&#\s"'<>]*/gi;
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
/** Shorter values are not treated as secrets: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * `text` with every known secret, in plain, URL-encoded and form-encoded spelling, replaced by
 * `[redacted]`, and with credential query parameters and bearer tokens blanked whatever their value.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  // Longest first, so a secret that contains another is replaced whole.
  for (const variant of [...variants].sort((a, b) => b.length - a.length)) {
    result = result.split(variant).join(REDACTED);
  }
  return result.replace(SECRET_PARAMETER, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`);
}
