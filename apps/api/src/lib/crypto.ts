import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;

export type ScryptCost = { N: number; r: number; p: number };

/** OWASP's recommendation for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1. */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;

/**
 * Bounds for parameters read back from the database, so a damaged or planted hash cannot make
 * one verification allocate gigabytes or run for minutes.
 */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

/** scrypt needs 128·N·r bytes (128 MiB at N=2^17, r=8); Node refuses above `maxmem`, so add headroom. */
const maxmemFor = ({ N, r }: ScryptCost) => 128 * N * r + 32 * 1024 * 1024;

/**
 * Password hashing runs in lanes. Each hash holds 128 MiB while it runs on libuv's threadpool (4
 * threads by default), so a lane runs few at once; the rest wait in a bounded line (the event loop
 * stays free). The staff lane is separate, so customers' logins and password changes never make a
 * manager's panel login wait behind them. A full line refuses at once (`HashingBusyError`) rather
 * than letting a burst queue without limit.
 */
export type HashLane = 'shop' | 'staff';
const LANES: Record<HashLane, { concurrency: number; maxWaiting: number }> = {
  shop: { concurrency: 2, maxWaiting: 16 },
  staff: { concurrency: 1, maxWaiting: 8 },
};

/** Every place in a hashing lane is taken: the caller answers 503 and the client retries later. */
export class HashingBusyError extends Error {
  constructor(readonly lane: HashLane) {
    super(`password hashing lane '${lane}' is full`);
  }
}

const lanes = Object.fromEntries(
  Object.entries(LANES).map(([name, cfg]) => [name, { ...cfg, running: 0, waiting: [] as (() => void)[] }]),
) as Record<HashLane, { concurrency: number; maxWaiting: number; running: number; waiting: (() => void)[] }>;

const limited = async <T>(laneName: HashLane, work: () => Promise<T>): Promise<T> => {
  const lane = lanes[laneName];
  if (lane.running >= lane.concurrency) {
    if (lane.waiting.length >= lane.maxWaiting) throw new HashingBusyError(laneName);
    await new Promise<void>((resolve) => lane.waiting.push(resolve));
  } else lane.running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` stays counted.
    const next = lane.waiting.shift();
    if (next) next();
    else lane.running--;
  }
};

/** How many hashes run and wait in a lane now (tests and diagnostics). */
export const hashingLoad = (lane: HashLane) => ({
  running: lanes[lane].running,
  waiting: lanes[lane].waiting.length,
});

const derive = (password: string, salt: Buffer, len: number, cost: ScryptCost, lane: HashLane) =>
  limited(lane, () => scrypt(password.normalize('NFKC'), salt, len, { ...cost, maxmem: maxmemFor(cost) }));

/**
 * scrypt on libuv's threadpool (async, the event loop stays free), stored as
 * `scrypt$N$r$p$salt$hash` so the cost can be raised later (see `needsRehash`).
 * `cost` other than the default only comes from tests (config.passwordHashCost).
 */
export const hashPassword = async (
  password: string,
  cost: ScryptCost = SCRYPT_COST,
  lane: HashLane = 'shop',
): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEYLEN, cost, lane);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

const parse = (stored: string) => {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    alg === 'scrypt' &&
    Boolean(salt && hash) &&
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= MAX_R &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= MAX_P;
  return sane ? { cost, salt: Buffer.from(salt!, 'base64'), hash: Buffer.from(hash!, 'base64') } : null;
};

export const verifyPassword = async (
  password: string,
  stored: string,
  lane: HashLane = 'shop',
): Promise<boolean> => {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length < 16) return false;
  const key = await derive(password, parsed.salt, parsed.hash.length, parsed.cost, lane);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
};

/** True when a stored hash is weaker than today's cost: it is replaced at the next successful login. */
export const needsRehash = (stored: string, cost: ScryptCost = SCRYPT_COST): boolean => {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.cost;
  return N < cost.N || r < cost.r || p < cost.p;
};

/** A random opaque token for tickets and e-mailed links; only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
