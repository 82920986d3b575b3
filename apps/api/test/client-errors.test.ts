import { connect } from 'node:net';
import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** Requests Node's HTTP parser refuses before any route runs still answer in the API's Polish shape. */
describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('an 80 kB address: 431 with the Polish message, fast', async () => {
    const started = Date.now();
    const res = await fetch(`${t.url}/api/centauri/sklepyonline/szukaj?q=${'a'.repeat(80_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ Message: msg.requestHeadersTooLarge });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a broken request line: 400 with the Polish message', async () => {
    const { port } = new URL(t.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NIE HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('application/json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ Message: msg.invalidRequest });
  });
});
