import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isEncrypted, SecretBox, SecretUnavailable } from './secrets.ts';

const key = () => randomBytes(32);

describe('SecretBox (AES-256-GCM)', () => {
  it('encrypts to a new text each time and decrypts it back; the plain text never shows', () => {
    const box = new SecretBox([key()]);
    const a = box.encrypt('2ee86a66e5d97e3fadc400c9f19b065d', 'payu:1:clientSecret');
    const b = box.encrypt('2ee86a66e5d97e3fadc400c9f19b065d', 'payu:1:clientSecret');
    expect(isEncrypted(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('2ee86a66');
    expect(box.decrypt(a, 'payu:1:clientSecret')).toBe('2ee86a66e5d97e3fadc400c9f19b065d');
  });

  it('refuses another context (club or field), another key, a changed byte and plain text', () => {
    const box = new SecretBox([key()]);
    const sealed = box.encrypt('sekret-123', 'payu:1:clientSecret');
    expect(() => box.decrypt(sealed, 'payu:2:clientSecret')).toThrow(SecretUnavailable);
    expect(() => box.decrypt(sealed, 'payu:1:secondKey')).toThrow(SecretUnavailable);
    expect(() => new SecretBox([key()]).decrypt(sealed, 'payu:1:clientSecret')).toThrow(SecretUnavailable);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => box.decrypt(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'payu:1:clientSecret')).toThrow(
      SecretUnavailable,
    );
    expect(() => box.decrypt('sekret-123', 'payu:1:clientSecret')).toThrow(SecretUnavailable);
  });

  it('rotates: the first key encrypts, every key decrypts', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealedOld = new SecretBox([oldKey]).encrypt('stary', 'c');
    const rotated = new SecretBox([newKey, oldKey]);
    expect(rotated.decrypt(sealedOld, 'c')).toBe('stary');
    expect(new SecretBox([newKey]).decrypt(rotated.encrypt('nowy', 'c'), 'c')).toBe('nowy');
  });

  it('without a key it can neither encrypt nor decrypt', () => {
    const box = new SecretBox([]);
    expect(box.canEncrypt).toBe(false);
    expect(() => box.encrypt('x', 'c')).toThrow(SecretUnavailable);
  });
});
