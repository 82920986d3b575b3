import { request } from 'node:http';
import { endpoints, msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP } from '../src/plugins/docs.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/andromeda/kontopanel/login';

describe('one error shape for bad input', () => {
  it('answers an unknown API path with a Polish 404', async () => {
    const res = await t.fetch('/api/nie-ma-takiej');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Message: msg.notFound });
  });
  it('rejects malformed JSON with 400', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"Login":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.invalidJson });
  });
  it('rejects an unsupported content type with 415', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ Message: msg.unsupportedMediaType });
  });
  it('rejects a huge body with 413', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      json: { Login: 'a@b.pl', Password: 'x'.repeat(400_000) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ Message: msg.bodyTooLarge });
  });
  it('rejects wrong types field by field, in Polish, without internals', async () => {
    const res = await t.fetch(LOGIN, { method: 'POST', json: { Login: 42, Password: ['x'] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { Message: string; Fields: Record<string, string> };
    expect(body.Fields).toEqual({ Login: msg.required, Password: msg.required });
    expect(JSON.stringify(body)).not.toMatch(/stack|zod|Error:/i);
  });
  it('rejects a JSON array where an object is expected', async () => {
    const res = await t.fetch(LOGIN, { method: 'POST', json: [1, 2] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Message: string }).Message).toBeTruthy();
  });
});

describe('tenancy', () => {
  it('refuses an explicit alias that names no organisation', async () => {
    const res = await t.fetch('/api/cms/stronyfrontend/get', { org: 'nie-istnieje' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Message: msg.organisationNotFound });
  });
  it('falls back to the default club for an unknown host', async () => {
    const res = await t.fetch('/api/cms/stronyfrontend/get', {
      org: null,
      headers: { 'x-origin': 'nieznany.example' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { OrganizacjaAlias: string }).OrganizacjaAlias).toBe('demo');
  });
  it('takes X-Organizacja when organizacja is absent', async () => {
    const res = await t.fetch('/api/cms/stronyfrontend/get', {
      org: null,
      headers: { 'x-organizacja': 'rywal' },
    });
    expect(((await res.json()) as { OrganizacjaAlias: string }).OrganizacjaAlias).toBe('rywal');
  });
  it('resolves the tenant from the Host header, port and all', async () => {
    // fetch() will not send a custom Host header, so plain http.request.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${t.url}/api/cms/stronyfrontend/get`,
        { headers: { host: 'rywal.localhost:3000' } },
        (res) => {
          let data = '';
          res.on('data', (c) => (data += c));
          res.on('end', () => resolve(data));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect((JSON.parse(body) as { OrganizacjaAlias: string }).OrganizacjaAlias).toBe('rywal');
  });
});

describe('anti-forgery (XSRF-TOKEN double submit)', () => {
  it('hands out the XSRF-TOKEN cookie on a GET', async () => {
    const res = await t.fetch('/api/centauri/sklepyonline/getwysylki');
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Strict/);
  });
  it("hands none to a page's in-process call (nothing reads it there)", async () => {
    const res = await t.app.inject({
      url: '/api/centauri/sklepyonline/getwysylki',
      headers: { organizacja: 'demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
  it('refuses a state change that carries the cookie but not the header', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=abcdefabcdefabcdef' },
      json: { Login: 'a@b.pl', Password: 'x' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Message: msg.xsrf });
  });
  it('refuses a mismatched header', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=abcdefabcdefabcdef', 'x-xsrf-token': 'zzzzzzzzzzzzzzzzzz' },
      json: { Login: 'a@b.pl', Password: 'x' },
    });
    expect(res.status).toBe(403);
  });
  it('lets a matching header through to the route', async () => {
    const res = await t.fetch(LOGIN, {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=abcdefabcdefabcdef', 'x-xsrf-token': 'abcdefabcdefabcdef' },
      json: { Login: 'nikt@example.pl', Password: 'Zle12345' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.loginFailed });
  });
});

describe('authentication', () => {
  it.each([
    ['no ticket', undefined],
    ['a garbage ticket', 'x'.repeat(43)],
  ])('answers 401 with %s', async (_label, ticket) => {
    const res = await t.fetch('/api/andromeda/kontopanel/getloggedinuserinfo', { ticket });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ Message: msg.unauthorized });
  });
});

describe('OpenAPI', () => {
  it('documents every endpoint of the contract at /api/docs', async () => {
    const doc = (await (await t.fetch('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const ep of Object.values(endpoints)) {
      const path = ep.path.replace(/:(\w+)/g, '{$1}');
      const entry = doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')];
      expect(entry, `${ep.method} ${ep.path}`).toBeDefined();
      expect(entry?.[ep.method.toLowerCase()], `${ep.method} ${ep.path}`).toBeDefined();
    }
    const ui = await t.fetch('/api/docs');
    expect(ui.status).toBeLessThan(400);
  });

  /** The docs' page, its script and its JSON as a stranger gets them. */
  const docsOf = async (app: TestApp) =>
    Promise.all(
      ['/api/docs', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json'].map((p) => app.fetch(p)),
    );

  it('serves Swagger UI with a Content-Security-Policy: its own scripts only, no frames', async () => {
    for (const res of await docsOf(t)) {
      expect(res.status, res.url).toBe(200);
      expect(res.headers.get('content-security-policy'), res.url).toBe(DOCS_CSP);
    }
    expect(DOCS_CSP).toContain("script-src 'self'");
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
    expect(DOCS_CSP).not.toContain('unsafe');
    // The API's own answers are left as they were.
    expect((await t.fetch('/api/health')).headers.get('content-security-policy')).toBeNull();
  });

  it('is off in production, page and JSON alike, unless API_DOCS=on', async () => {
    const production = await createTestApp({}, { env: { NODE_ENV: 'production' } });
    const asked = await createTestApp({}, { env: { NODE_ENV: 'production', API_DOCS: 'on' } });
    try {
      for (const res of await docsOf(production)) {
        expect(res.status, res.url).toBe(404);
        expect(await res.json()).toEqual({ Message: msg.notFound });
      }
      for (const res of await docsOf(asked)) {
        expect(res.status, res.url).toBe(200);
        expect(res.headers.get('content-security-policy'), res.url).toBe(DOCS_CSP);
      }
    } finally {
      await production.close();
      await asked.close();
    }
  });
  it('sends security headers', async () => {
    const res = await t.fetch('/api/cms/stronyfrontend/get');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeTruthy();
  });
});
