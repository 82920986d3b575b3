import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { JOB_QUEUES, quietSettling } from './jobs.ts';

const id = '11111111-1111-4111-8111-111111111111';
const gone = new Error('Connection terminated unexpectedly');

describe('quietSettling', () => {
  it("reports a failed completion or failure of jobs instead of rejecting (pg-boss's work() does not await them)", async () => {
    const lost: unknown[] = [];
    const boss = new PgBoss({
      db: quietSettling({ executeSql: () => Promise.reject(gone) }, (err) => lost.push(err)),
    });
    await expect(boss.complete(JOB_QUEUES.mail, id)).resolves.toMatchObject({ affected: 0 } as never);
    await expect(boss.fail(JOB_QUEUES.mail, id, { message: 'x' })).resolves.toMatchObject({
      affected: 0,
    } as never);
    expect(lost).toEqual([gone, gone]);
    // Every other query still fails for its caller.
    await expect(boss.getJobById(JOB_QUEUES.mail, id)).rejects.toBe(gone);
    await expect(boss.cancel(JOB_QUEUES.mail, id)).rejects.toBe(gone);
    expect(lost).toHaveLength(2);
  });

  it('passes the queries and their answers through when the database takes them', async () => {
    const seen: unknown[][] = [];
    const boss = new PgBoss({
      db: quietSettling(
        {
          executeSql: async (_text, values) => {
            seen.push(values ?? []);
            return { rows: [{ count: '1' }] as never[] };
          },
        },
        () => expect.unreachable(),
      ),
    });
    await expect(boss.complete(JOB_QUEUES.mail, id)).resolves.toMatchObject({ affected: 1 } as never);
    expect(seen[0]).toContain(JOB_QUEUES.mail);
  });
});
