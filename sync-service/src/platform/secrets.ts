import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Seals secrets (OAuth tokens, platform API keys) before they are stored, and opens them. */
export type SecretBox = { seal(plaintext: string): string; open(sealed: string): string };

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64_KEY = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;
// The version is authenticated too: a value cannot be passed off as another format's.
const AAD = Buffer.from(VERSION);

const KEY_FORMAT =
  'expected 32 random bytes in base64 or base64url (e.g. `openssl rand -base64 32`)';

/**
 * A sealed value that does not open: altered, truncated, of another format, or sealed with
 * another key. The message says which kind of problem, never the value or the key.
 */
export class SecretDecryptError extends Error {
  override readonly name = 'SecretDecryptError';

  constructor(problem: string) {
    super(`The sealed secret cannot be opened: ${problem}.`);
  }
}

/**
 * AES-256-GCM with a random 96-bit IV per seal, as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The `v1` prefix leaves room for a later format or key rotation (`v2.<key id>…`).
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new TypeError(`The secrets key must be ${KEY_BYTES} bytes long.`);
  }
  // A copy: the caller may reuse or wipe its buffer.
  const ownKey = Buffer.from(key);

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(AAD);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    open(sealed) {
      const parts = typeof sealed === 'string' ? sealed.split('.') : [];
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new SecretDecryptError(`not a ${VERSION} sealed value`);
      }
      const [iv, tag, ciphertext] = parts.slice(1).map(decodePart);
      if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretDecryptError(`not a ${VERSION} sealed value`);
      }
      // A 16-byte tag only: GCM would otherwise accept a truncated one, which is easier to forge.
      const decipher = createDecipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptError('it was altered, or sealed with another key');
      }
    },
  };
}

/**
 * The key from SECRETS_KEY: 32 bytes written in base64 or base64url. Throws an Error whose
 * message says what is expected (and never repeats the value).
 */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  if (!BASE64_KEY.test(text)) throw new Error(KEY_FORMAT);
  // Node's base64 decoder reads both alphabets.
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(KEY_FORMAT);
  return key;
}

function decodePart(part: string): Buffer | undefined {
  return BASE64URL.test(part) ? Buffer.from(part, 'base64url') : undefined;
}
