import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashingLoad } from '../src/lib/crypto.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_PASSWORDS } from './passwords.ts';

const A = '/api/andromeda/kontopanel';
const MANAGER = 'kierownik@sokol-demo.pl';

/**
 * Hashing lanes under a burst: hashes a little dearer than the other test files' (N=2^15), so a
 * burst of requests reaches the line while it is busy.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordHashCost: { N: 2 ** 15, r: 8, p: 1 } });
});
afterAll(() => t.close());

describe('password hashing under load', () => {
  it('refuses a burst beyond the hashing line with a Polish 503 at once, never queueing without limit', async () => {
    const tag = Date.now().toString(36);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t
          .fetch(`${A}/login`, {
            method: 'POST',
            json: { Login: `tlum${tag}${i}@example.pl`, Password: 'Zgaduje123' },
          })
          .then(async (r) => ({
            status: r.status,
            retry: r.headers.get('retry-after'),
            body: await r.json(),
          })),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toEqual({ status: 503, retry: '5', body: { Message: msg.serverBusy } });
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThanOrEqual(2);
    expect(answers.every((a) => a.status === 400 || a.status === 503)).toBe(true);
    // Nothing is left waiting: the line drained with the answers.
    expect(hashingLoad('shop')).toEqual({ running: 0, waiting: 0 });
  });

  it('a manager’s panel login does not wait behind customers’ logins', async () => {
    const tag = Date.now().toString(36);
    const done: string[] = [];
    const customers = Array.from({ length: 14 }, (_, i) =>
      t
        .fetch(`${A}/login`, {
          method: 'POST',
          json: { Login: `kolejka${tag}${i}@example.pl`, Password: 'Zgaduje123' },
        })
        .then(() => done.push('customer')),
    );
    // Sent once the customers' hashes fill the shop's line.
    while (hashingLoad('shop').waiting < 10) await new Promise((r) => setTimeout(r, 5));
    const manager = t
      .fetch('/api/panel/auth/login', {
        method: 'POST',
        headers: { cookie: 'XSRF-TOKEN=x1', 'x-xsrf-token': 'x1' },
        json: { Email: MANAGER, Haslo: TEST_PASSWORDS.manager },
      })
      .then((r) => {
        done.push('manager');
        return r.status;
      });
    expect(await manager).toBe(200);
    await Promise.all(customers);
    // Behind the customers it would come last; in its own lane it comes before most of them.
    expect(done.indexOf('manager')).toBeLessThan(6);
  });
});
