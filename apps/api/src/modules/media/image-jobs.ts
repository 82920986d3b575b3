import { msg } from '@club/contract';
import pLimit from 'p-limit';
import type { Config } from '../../lib/config.ts';
import { HttpError } from '../../lib/http-error.ts';

export type ImageJobs = {
  /** Runs `job` when a place is free; a Polish 503 at once when too many already wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Refuses (the same 503) before anything is read when the queue is full. */
  assertRoom(): void;
  /** Running and waiting jobs now, and the most that ever ran at once. */
  stats(): { running: number; waiting: number; peakRunning: number };
};

const busy = () => new HttpError(503, msg.imagesBusy);

/**
 * The queue every image upload of a process is processed through: decoding is what costs memory
 * (a 40-megapixel image takes ~300 MB), so it is bounded per process rather than per request.
 * `concurrency` jobs run at once; `maxWaiting` more may wait (each holds its file, up to
 * MAX_PHOTO_MB), and the next is refused rather than queued without limit.
 */
export const imageJobs = (limits: Config['imageJobs']): ImageJobs => {
  const limit = pLimit(limits.concurrency);
  let running = 0;
  let peakRunning = 0;
  const assertRoom = () => {
    if (limit.pendingCount >= limits.maxWaiting) throw busy();
  };
  return {
    assertRoom,
    run(job) {
      assertRoom();
      return limit(async () => {
        running++;
        peakRunning = Math.max(peakRunning, running);
        try {
          return await job();
        } finally {
          running--;
        }
      });
    },
    stats: () => ({ running, waiting: limit.pendingCount, peakRunning }),
  };
};
