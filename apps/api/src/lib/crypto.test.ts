import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_COST, verifyPassword } from './crypto.ts';

const OLD = { N: 2 ** 14, r: 8, p: 1 };

describe('password hashes', () => {
  it('use OWASP\u2019s scrypt cost and store it with the hash', async () => {
    expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Zażółć1234');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Zażółć1234', hash)).toBe(true);
    expect(await verifyPassword('Zażółć12345', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verify hashes of an older cost and flag them for an upgrade', async () => {
    const old = await hashPassword('Haslo1234', OLD);
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Haslo1234', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, OLD)).toBe(false);
  });

  it('refuse stored parameters that are damaged or would cost too much, without trying them', async () => {
    const good = await hashPassword('Haslo1234', OLD);
    const [, , r, p, salt, key] = good.split('$');
    const started = Date.now();
    for (const bad of [
      `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`,
      `scrypt$16000$${r}$${p}$${salt}$${key}`,
      `scrypt$16384$1000$${p}$${salt}$${key}`,
      `scrypt$16384$${r}$0$${salt}$${key}`,
      `scrypt$16384$${r}$${p}$${salt}$`,
      `bcrypt$16384$${r}$${p}$${salt}$${key}`,
      '',
    ]) {
      expect(await verifyPassword('Haslo1234', bad), bad).toBe(false);
      expect(needsRehash(bad)).toBe(true);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('run on the threadpool: the event loop keeps turning while a hash is computed', async () => {
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await Promise.all([hashPassword('Haslo1234'), hashPassword('Haslo1234'), hashPassword('Haslo1234')]);
    const took = performance.now() - started;
    clearInterval(timer);
    // Done on the event loop, three hashes would stop it for their whole duration.
    expect(maxGap).toBeLessThan(took / 3);
  });
});
