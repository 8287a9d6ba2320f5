import { createWebhookCodes } from './webhook-code';

const SECRET = 'a-test-auth-secret-that-is-long-enough-0123456789';
const ALICE = '64b000000000000000000001';
const BOB = '64b000000000000000000002';

describe('webhook codes', () => {
  const codes = createWebhookCodes(SECRET);

  it('are URL-safe base64 of 46 characters (144 random bits and a 128-bit tag)', () => {
    const code = codes.generate(ALICE);
    expect(code).toMatch(/^[A-Za-z0-9_-]{46}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(34);
  });

  it('are never the same twice in 1,000', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => codes.generate(ALICE)));
    expect(seen.size).toBe(1000);
  });

  it('verify for the user they were generated for, and no one else', () => {
    const code = codes.generate(ALICE);
    expect(codes.wasGeneratedFor(code, ALICE)).toBe(true);
    expect(codes.wasGeneratedFor(code, BOB)).toBe(false);
  });

  it('do not verify under another secret', () => {
    const code = codes.generate(ALICE);
    expect(createWebhookCodes(`${SECRET}-other`).wasGeneratedFor(code, ALICE)).toBe(false);
  });

  it('refuse a changed character, a hand-made code and malformed input', () => {
    const code = codes.generate(ALICE);
    const flipped = `${code[0] === 'A' ? 'B' : 'A'}${code.slice(1)}`;
    expect(codes.wasGeneratedFor(flipped, ALICE)).toBe(false);
    expect(codes.wasGeneratedFor('my-own-webhook-code-0123456789abcdef', ALICE)).toBe(false);
    expect(codes.wasGeneratedFor('A'.repeat(46), ALICE)).toBe(false);
    expect(codes.wasGeneratedFor(`${code}AA`, ALICE)).toBe(false);
    expect(codes.wasGeneratedFor(code.slice(0, 45), ALICE)).toBe(false);
    expect(codes.wasGeneratedFor(`${code.slice(0, 45)}+`, ALICE)).toBe(false);
    expect(codes.wasGeneratedFor('', ALICE)).toBe(false);
  });

  it('refuse another spelling of the same bytes (the last character’s spare bits)', () => {
    const code = codes.generate(ALICE);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(code.at(-1) ?? 'A');
    // 34 bytes leave 4 spare bits in the 46th character: flipping one decodes to the same bytes.
    const twin = `${code.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(code, 'base64url'))).toBe(true);
    expect(codes.wasGeneratedFor(twin, ALICE)).toBe(false);
  });
});
