import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A live process that is not this one. */
const otherProcess = async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child.pid!;
};

const fresh = () => join(mkdtempSync(join(tmpdir(), 'clubshop-lock-')), 'postgres');
const writeLock = (dir: string, owner: object) => writeFileSync(`${dir}.lock`, JSON.stringify(owner));

describe('the DATA_DIR lock', () => {
  it('is taken, refused to a second taker in this process, and released', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });

  it('is refused while another live process holds it, naming DATA_DIR and PostgreSQL', async () => {
    const dir = fresh();
    const pid = await otherProcess();
    writeLock(dir, { pid, host: hostname(), started: startTimeOf(pid), since: 'earlier' });
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const text = (error as Error).message;
    expect(text).toContain(dir);
    expect(text).toContain('DATA_DIR');
    expect(text).toContain('PostgreSQL');
    expect(text).toContain(`pid ${pid}`);
    // Still the other process's lock.
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(pid);
  });

  it('is taken over from a dead process', () => {
    const dir = fresh();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(dead.stdout.toString());
    writeLock(dir, { pid, host: hostname(), started: '1', since: 'earlier' });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('is taken over when the pid now belongs to another process (or to us, after a restart)', async () => {
    const reused = fresh();
    const pid = await otherProcess();
    writeLock(reused, { pid, host: hostname(), started: '1', since: 'earlier' });
    lockDataDir(reused).release();

    const ours = fresh();
    writeLock(ours, { pid: process.pid, host: hostname(), started: '1', since: 'earlier' });
    lockDataDir(ours).release();
  });

  it('counts a lock from another host as held while it is touched, stale after a minute', () => {
    const dir = fresh();
    writeLock(dir, { pid: 1, host: 'other-host', started: null, since: 'earlier' });
    expect(() => lockDataDir(dir)).toThrow(/other-host/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${dir}.lock`, old, old);
    lockDataDir(dir).release();
  });

  it('never removes a lock another process took over', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    writeLock(dir, { pid: 1, host: 'other-host', started: null, since: 'later' });
    lock.release();
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).host).toBe('other-host');
  });
});
