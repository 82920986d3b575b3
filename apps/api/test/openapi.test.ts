import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { endpoints } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

// The OpenAPI document as a client gets it from /api/docs/json, checked by the two tools an API
// consumer would use: swagger-parser (the document is valid OpenAPI, every $ref resolves) and
// Redocly's linter (its recommended rules).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

type Operation = {
  operationId?: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: object } };

let t: TestApp;
let doc: Document;
let dir: string;
beforeAll(async () => {
  // In production the docs are off unless asked for; asked for, they are what a client reads.
  t = await createTestApp(
    {},
    {
      env: { NODE_ENV: 'production', API_DOCS: 'on' },
      // The server's page and panel routes (web.ts, panel-web.ts) are catch-alls like these.
      beforeListen: async (app) => {
        app.get('/*', async () => 'page');
        app.get('/panel/*', async () => 'panel');
      },
    },
  );
  const res = await t.fetch('/api/docs/json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
  dir = mkdtempSync(join(tmpdir(), 'clubshop-openapi-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI: swagger-parser resolves and validates it', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('passes Redocly lint with no error', { timeout: 60_000 }, async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const result = await run(process.execPath, [redocly, 'lint', file, '--format=json'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it("holds the contract's endpoints and no catch-all route", () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.includes('*'))).toEqual([]);
    const documented = paths.flatMap((p) => Object.keys(doc.paths[p]!).map((m) => `${m.toUpperCase()} ${p}`));
    // Paths as the spec writes them, without a trailing slash (the router answers both).
    const contract = Object.values(endpoints).map(
      (ep) => `${ep.method} ${ep.path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`,
    );
    expect(documented.sort()).toEqual(contract.sort());
  });

  it('documents the error answers of every endpoint with the one { Message } schema', () => {
    expect(doc.components?.schemas).toHaveProperty('ApiError.properties.Message');
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const codes = Object.keys(op.responses);
        const where = `${method.toUpperCase()} ${path}`;
        // Every endpoint names a club (404 when unknown) and needs the database (503).
        expect(codes, where).toEqual(expect.arrayContaining(['404', '503']));
        for (const code of codes.filter((c) => /^[45]/.test(c))) {
          const response = op.responses[code]!;
          expect(response.content?.['application/json']?.schema, `${where} ${code}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
          expect(response.description, `${where} ${code}`).not.toBe('Default Response');
        }
      }
    }
  });

  it("names what each endpoint's kind can answer, and its own conflicts", () => {
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path]![method]!.responses);
    // A public read: its parameters, the club, the database.
    expect(statuses('get', '/api/centauri/sklepyonline/getProdukty/{offset}/{count}')).toEqual([
      '200',
      '400',
      '404',
      '503',
    ]);
    // Placing an order: validated, limited, guarded against forgery, and its own conflicts.
    expect(statuses('post', '/api/centauri/sklepyonline/zlozZamowienie')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '429',
      '502',
      '503',
    ]);
    // A panel upload: a session, a role, the file's size and type.
    expect(statuses('post', '/api/panel/settings/logo/{which}')).toEqual(
      expect.arrayContaining(['401', '403', '413', '415']),
    );
  });
});
