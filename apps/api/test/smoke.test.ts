import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers an unknown API path with a Polish 404 body', async () => {
    const res = await t.fetch('/api/nie-ma-takiej');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Message: 'Nie znaleziono.' });
  });
  it('serves the OpenAPI document', async () => {
    const res = await t.fetch('/api/docs/json');
    expect(res.status).toBe(200);
  });
});
