import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The same rules `npm run lint` applies (.dependency-cruiser.cjs), over the shipped code.
const cruise = (...paths: string[]) =>
  spawnSync(
    process.execPath,
    [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      ...paths,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
    { encoding: 'utf8' },
  );

describe('the module graph', () => {
  it('has no file and no folder that imports something importing it back', () => {
    const run = cruise('apps', 'packages');
    expect(run.stdout + run.stderr).not.toMatch(/error no-circular/);
    expect(run.status).toBe(0);
  }, 120_000);

  it('refuses a folder loop even when no file loops (the check can fail)', () => {
    const run = cruise('tests/module-graph/folder-loop');
    expect(run.stdout).toMatch(/error no-circular-folders/);
    expect(run.stdout).not.toMatch(/error no-circular:/);
    expect(run.status).not.toBe(0);
  }, 120_000);
});
