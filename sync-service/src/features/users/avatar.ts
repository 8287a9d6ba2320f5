import { createHash } from 'node:crypto';

/**
 * A deterministic initials avatar for an e-mail address, as a `data:image/svg+xml` URL: up to
 * two letters from the part before '@' (split at . _ - +) on a colour derived from the address.
 * No identity provider gives us a picture; this keeps the header's avatar meaningful.
 */
export function initialsAvatar(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local.split(/[._+-]+/).filter((word) => /[a-z0-9]/i.test(word));
  const letters = words.map((word) => (word.match(/[a-z0-9]/i)?.[0] ?? '').toUpperCase());
  const initials = (letters.length > 1 ? letters[0]! + letters[1]! : (letters[0] ?? '?')).slice(
    0,
    2,
  );
  const hue = createHash('sha256').update(email).digest().readUInt16BE(0) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="hsl(${hue},55%,42%)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" ` +
    `font-size="26" font-weight="600" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
