// A/B of the server's CPU time per uncached page between built copies of the shop, in
// alternating rounds (this machine's load moves between runs; the pairs within a round agree):
//   node --import tsx scripts/bench/ab-pages.ts ROUNDS 'DIR_A|node flags' 'DIR_B|node flags' ...
// DIR is a tree with apps/api/dist and apps/web/build (and node_modules) as `npm run build` makes
// them; without '|', AB_FLAGS. AB_DB names a seeded PostgreSQL database, AB_PATHS the pages.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from './autocannon.ts';
import { cpuSecondsOf, processTree } from './server.ts';

const [, , roundsArg, ...variants] = process.argv;
const ROUNDS = Number(roundsArg);
const DB = process.env.AB_DB ?? 'postgres://postgres@127.0.0.1:5432/hpages_dev';
const PATHS = (process.env.AB_PATHS ?? '/,/produkty,/produkt/1').split(',');
const SECONDS = Number(process.env.AB_SECONDS ?? 6);
const FLAGS = (process.env.AB_FLAGS ?? '').split(' ').filter(Boolean);
const port = 4800;
const start = async (variant: string) => {
  const [dir, flags] = variant.split('|');
  const proc = spawn(
    process.execPath,
    [...(flags === undefined ? FLAGS : flags.split(' ').filter(Boolean)), 'apps/api/dist/server.js'],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'hpages-ab-')),
        DATABASE_URL: DB,
        DATABASE_POOL_SIZE: '10',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RATE_LIMITS: 'off',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return proc;
};
const results: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const v of variants) {
    const proc = await start(v);
    let n = 0;
    const run = (path: string, seconds: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}${path}`,
        connections: 8,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: `${path}?n=${n++}` }) }],
      });
    for (const p of PATHS) await run(p, 2);
    for (const p of PATHS) {
      const pids = processTree(proc.pid!);
      const before = pids.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
      const r = await run(p, SECONDS);
      const after = pids.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
      const ms = ((after - before) * 1000) / r.requests.total;
      results[v] ??= {};
      results[v][p] ??= [];
      results[v][p].push(ms);
      console.log(
        `round ${round + 1} ${v} ${p}: ${ms.toFixed(2)} ms CPU/page, ${r.requests.average.toFixed(0)} req/s, errors ${r.errors + r.non2xx}`,
      );
    }
    const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))![1];
    console.log(`round ${round + 1} ${v} peak resident ${(Number(hwm) / 1024).toFixed(0)} MB`);
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
}
console.log('\nmedian ms CPU per uncached page (all rounds):');
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (const v of variants)
  console.log(
    v,
    PATHS.map(
      (p) =>
        `${p} ${median(results[v]![p]!).toFixed(2)} [${results[v]![p]!.map((x) => x.toFixed(2)).join(' ')}]`,
    ).join('  '),
  );
