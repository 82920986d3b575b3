import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` in the background: again after `intervalMs` (or the delay the task returns), at
 * once on `wake()`, never two passes at a time. `stop()` waits for a running pass only up to a
 * bound, so a hanging remote server never holds up a shutdown.
 */
export class Periodic {
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private stopped = true;
  private again = false;

  constructor(
    private readonly name: string,
    private readonly task: () => Promise<number | undefined>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(delayMs = 0) {
    this.stopped = false;
    this.schedule(delayMs);
  }

  /** Runs a pass now; if one is running, another follows it at once. */
  wake() {
    if (this.stopped) return;
    if (this.current) this.again = true;
    else this.schedule(0);
  }

  /** The running pass, if any (tests wait for it). */
  get running(): Promise<void> | undefined {
    return this.current;
  }

  /** Stops scheduling; true when the running pass (if any) ended within `boundMs`. */
  async stop(boundMs: number): Promise<boolean> {
    this.stopped = true;
    clearTimeout(this.timer);
    const current = this.current;
    if (!current) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), boundMs);
    });
    const done = await Promise.race([current.then(() => true), timedOut]);
    clearTimeout(timer);
    return done;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pass(), ms);
    // A pending pass never keeps the process alive on its own.
    this.timer.unref();
  }

  private pass() {
    if (this.current || this.stopped) return;
    let next: number | undefined;
    this.current = (async () => {
      do {
        this.again = false;
        try {
          next = await this.task();
        } catch (err) {
          this.log.error({ err }, `${this.name}: background pass failed`);
          next = undefined;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.current = undefined;
      this.schedule(next ?? this.intervalMs);
    });
  }
}
