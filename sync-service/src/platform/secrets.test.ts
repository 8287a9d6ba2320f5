import { randomBytes } from 'node:crypto';
import { createSecretBox, parseSecretsKey, SecretDecryptError } from './secrets';

const KEY = Buffer.alloc(32, 7);
const box = createSecretBox(KEY);

describe('SecretBox', () => {
  it('opens what it sealed, unicode included', () => {
    for (const plaintext of ['', 'pat-na1-0123', 'Grüße, 東京 🚀 — ok', 'x'.repeat(10_000)]) {
      expect(box.open(box.seal(plaintext))).toBe(plaintext);
    }
  });

  it('seals as v1.<iv>.<tag>.<ciphertext> in base64url, with a 12-byte IV and a 16-byte tag', () => {
    const sealed = box.seal('hunter2');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('hunter2');
    const [, iv, tag] = sealed.split('.');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
  });

  it('gives distinct sealed values for the same plaintext (a fresh IV each time)', () => {
    const values = new Set(Array.from({ length: 50 }, () => box.seal('same secret')));
    expect(values.size).toBe(50);
    const ivs = new Set([...values].map((value) => value.split('.')[1]));
    expect(ivs.size).toBe(50);
  });

  it('refuses a value sealed with another key, without naming the key or the plaintext', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('top-secret-token');

    expect(() => box.open(sealed)).toThrow(SecretDecryptError);
    const error = catchError(() => box.open(sealed));
    expect(error.message).toBe(
      'The sealed secret cannot be opened: it was altered, or sealed with another key.',
    );
    const shown = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    for (const secret of ['top-secret-token', KEY.toString('base64'), KEY.toString('hex')]) {
      expect(shown).not.toContain(secret);
    }
  });

  it('refuses every tampered part: a flipped bit, a swapped IV, a cut tag, a changed version', () => {
    const sealed = box.seal('account-api-key');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const other = box.seal('account-api-key').split('.');
    const tampered = [
      [version, iv, tag, flipFirstBit(ciphertext)],
      [version, flipFirstBit(iv), tag, ciphertext],
      [version, iv, flipFirstBit(tag), ciphertext],
      [version, other[1], tag, ciphertext],
      [version, iv, tag.slice(0, 16), ciphertext],
      [version, iv, tag, `${ciphertext}AA`],
      ['v2', iv, tag, ciphertext],
      [version, iv, tag],
      [version, iv, tag, ciphertext, 'extra'],
      [version, `${iv}!`, tag, ciphertext],
    ].map((parts) => parts.join('.'));

    for (const value of [...tampered, '', 'plain text', 'v1....']) {
      expect(() => box.open(value)).toThrow(SecretDecryptError);
      expect(catchError(() => box.open(value)).message).not.toContain('account-api-key');
    }
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(
      'The secrets key must be 32 bytes long.',
    );
    expect(() => createSecretBox(Buffer.alloc(33))).toThrow(TypeError);
  });

  it('keeps its own copy of the key', () => {
    const key = Buffer.alloc(32, 1);
    const own = createSecretBox(key);
    const sealed = own.seal('still opens');
    key.fill(0);
    expect(own.open(sealed)).toBe('still opens');
  });
});

describe('parseSecretsKey', () => {
  it('reads 32 bytes in base64 or base64url', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(parseSecretsKey(` ${key.toString('base64')}\n`).equals(key)).toBe(true);
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['hex', randomBytes(32).toString('hex')],
    ['not base64', 'this is not a key at all, is it?'],
    ['empty', ''],
  ])('refuses a key that is %s, saying what it expects and not echoing it', (_case, value) => {
    expect(() => parseSecretsKey(value)).toThrow(
      'expected 32 random bytes in base64 or base64url (e.g. `openssl rand -base64 32`)',
    );
    if (value) expect(catchError(() => parseSecretsKey(value)).message).not.toContain(value);
  });
});

function flipFirstBit(part: string): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
