// .env.example is loaded as it is (`node --env-file=.env.example ...`) and documents, like the
// README, every variable the configuration reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from '../src/lib/config.ts';
import { REPO_ROOT } from './fixtures/spawn-server.ts';

const example = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe('.env.example', () => {
  it('parses as Node parses --env-file, every line a comment, blank or NAME=value', () => {
    for (const [i, line] of example.split('\n').entries()) {
      expect(line, `line ${i + 1}`).toMatch(/^(#.*|\s*|[A-Z][A-Z0-9_]*=("[^"]*"|[^#"\s]*))$/);
    }
    expect(Object.keys(parseEnv(example)).length).toBeGreaterThan(0);
  });

  it('names every variable the configuration reads, and nothing else', () => {
    const names = Object.keys(parseEnv(example)).sort();
    expect(names).toEqual([...ENV_VARIABLES].sort());
  });

  it('loaded as it is, gives the defaults: the same configuration as an empty environment', () => {
    const fromExample = loadConfig(parseEnv(example));
    expect(fromExample).toEqual(loadConfig({}));
    // The safe defaults a copied file keeps.
    expect(fromExample.devOutbox).toBe(false);
    expect(fromExample.trustProxy).toBe(false);
    expect(fromExample.rateLimits).toBe(true);
  });

  it('with NODE_ENV=production filled in, demo payments and the API docs are off', () => {
    const prod = loadConfig({ ...parseEnv(example), NODE_ENV: 'production' });
    expect(prod.demoPayments).toBe(false);
    expect(prod.apiDocs).toBe(false);
    expect(loadConfig({ ...parseEnv(example), NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ ...parseEnv(example), API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(
      loadConfig({ ...parseEnv(example), NODE_ENV: 'production', DEMO_PAYMENTS: 'on' }).demoPayments,
    ).toBe(true);
  });
});

describe('README.md', () => {
  it('documents every variable', () => {
    const missing = ENV_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
