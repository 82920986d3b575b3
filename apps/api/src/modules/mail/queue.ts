import { EventEmitter } from 'node:events';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailJobs, organisations } from '../../db/schema.ts';
import { JOB_QUEUES, sendJob } from '../../lib/jobs.ts';
import type { MailMessage } from './message.ts';

/**
 * 'queued' after each enqueue, so this process's mail worker looks at once instead of at its next
 * poll. The enqueuing transaction may not have committed yet: the worker then looks again a
 * moment later (see worker.ts).
 */
export const mailEvents = new EventEmitter();
// One listener per app; tests build many apps in one process.
mailEvents.setMaxListeners(0);

/**
 * Puts a message on the durable queue: the rendered message itself is the job's data (its
 * `mail_jobs` row), so what is sent later is exactly what was rendered now. Pass the transaction that makes the change the message
 * tells about, so both commit or neither does; the mail worker sends it later, with retries.
 */
export const enqueueMail = async (
  db: Db | Tx,
  message: MailMessage,
  organisationId?: number,
): Promise<void> => {
  await db.transaction((tx) => insertMail(tx, { organisationId: organisationId ?? null, message }));
  mailEvents.emit('queued');
};

/**
 * A club's message comes from the club: its name as the sender's, and answers go to its seller or
 * shop address (a message that names its own Reply-To, such as the notice of an order, keeps it).
 * The address itself stays the installation's (MAIL_FROM), which SPF and DKIM vouch for.
 */
const fromClub = async (tx: Tx, message: MailMessage, organisationId: number | null | undefined) => {
  if (organisationId == null) return message;
  const [club] = await tx
    .select({ name: organisations.name, shopEmail: organisations.shopEmail, seller: organisations.seller })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!club) return message;
  const answersTo = club.seller?.email || club.shopEmail;
  // The club's own mail (its notices) is not answered to the club.
  const toClub = [club.seller?.email, club.shopEmail].some(
    (a) => a && a.toLowerCase() === message.to.toLowerCase(),
  );
  const replyTo = message.replyTo ?? (answersTo && !toClub ? answersTo : undefined);
  return { ...message, fromName: message.fromName ?? club.name, ...(replyTo && { replyTo }) };
};

/** The message's row and its job on the queue, in the caller's transaction. */
const insertMail = async (tx: Tx, values: typeof mailJobs.$inferInsert) => {
  values.message = await fromClub(tx, values.message as MailMessage, values.organisationId);
  const [row] = await tx.insert(mailJobs).values(values).returning({ id: mailJobs.id });
  await sendJob(tx, JOB_QUEUES.mail, { mailJobId: row!.id });
};

/**
 * What one address may receive from the shops of this installation, per budget: messages to an
 * address nobody has proven to be theirs (account links, order confirmations) must not let a
 * stranger flood someone's mailbox. Counted across clubs, by the queued messages themselves.
 */
export const RECIPIENT_BUDGETS = {
  /** Confirmation, reminder, new-address and invitation links, and notices about them. */
  account: { perHour: 5, perDay: 15 },
  /** Order confirmations, held-order confirmations and payment news to the buyer's address. */
  order: { perHour: 10, perDay: 30 },
} as const;
export type RecipientBudget = keyof typeof RECIPIENT_BUDGETS;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Queues a message counted against its recipient's budget; false (nothing queued) once the
 * address has had its share this hour or day. Callers answer as if it was sent: the answer must
 * not tell a stranger anything. Counting and inserting hold a lock on the address, so a burst of
 * parallel requests cannot slip past the count.
 */
export const enqueueBudgetedMail = async (
  db: Db | Tx,
  message: MailMessage,
  organisationId: number | undefined,
  budget: RecipientBudget,
): Promise<boolean> => {
  const recipient = message.to.trim().toLowerCase();
  const limit = RECIPIENT_BUDGETS[budget];
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail-recipient:${recipient}`}))`);
    const now = Date.now();
    const [row] = await tx
      .select({
        day: count(),
        hour: count(
          sql`CASE WHEN ${mailJobs.createdAt} > ${new Date(now - HOUR_MS).toISOString()}::timestamptz THEN 1 END`,
        ),
      })
      .from(mailJobs)
      .where(
        and(
          eq(mailJobs.recipient, recipient),
          eq(mailJobs.budget, budget),
          gt(mailJobs.createdAt, new Date(now - 24 * HOUR_MS)),
        ),
      );
    if ((row?.hour ?? 0) >= limit.perHour || (row?.day ?? 0) >= limit.perDay) return false;
    await insertMail(tx, { organisationId: organisationId ?? null, message, recipient, budget });
    return true;
  });
  if (queued) mailEvents.emit('queued');
  return queued;
};
