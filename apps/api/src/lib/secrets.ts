import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Stored form of an encrypted value: `enc:v1:<iv>:<tag>:<ciphertext>`, each base64url. */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;

export const isEncrypted = (value: string) => value.startsWith(PREFIX);

/** A secret that cannot be written (no SECRETS_KEY) or read back (no key opens it, damaged). */
export class SecretUnavailable extends Error {}

/**
 * AES-256-GCM for secrets kept in the database (clubs' PayU keys). `context` is bound as
 * additional authenticated data (e.g. `payu:12:clientSecret`), so a value copied to another
 * club or field does not decrypt. The first key encrypts; each key is tried to decrypt, so
 * SECRETS_KEY can be rotated by putting the new key first.
 */
export class SecretBox {
  constructor(private readonly keys: readonly Buffer[]) {}

  get canEncrypt() {
    return this.keys.length > 0;
  }

  encrypt(plain: string, context: string): string {
    const key = this.keys[0];
    if (!key) throw new SecretUnavailable('SECRETS_KEY is not set');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return `${PREFIX}${parts.join(':')}`;
  }

  decrypt(stored: string, context: string): string {
    const [iv, tag, body] = stored
      .slice(PREFIX.length)
      .split(':')
      .map((p) => Buffer.from(p, 'base64url'));
    if (!isEncrypted(stored) || !iv || iv.length !== IV_BYTES || !tag || tag.length !== 16 || !body) {
      throw new SecretUnavailable('not an encrypted value');
    }
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        // Another key, or a damaged value: try the next key.
      }
    }
    throw new SecretUnavailable(
      this.keys.length ? 'no SECRETS_KEY opens the value' : 'SECRETS_KEY is not set',
    );
  }
}
