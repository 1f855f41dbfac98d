/**
 * The relay from the outbox to SMTP. A mail is sent by a job after its transaction commits;
 * a sweep every minute picks up anything a crash or an SMTP outage left behind.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { attachmentsOf, dueMailIds, markAttemptFailed, markSent, setMailQueuedListener } from './outbox.repository.ts';

export const MAX_MAIL_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000);
}

export interface MailSender {
  send(mail: { from: string; to: string; subject: string; text: string; attachments?: { filename: string; contentType: string; content: Buffer }[] }): Promise<void>;
  close(): void;
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Takes a lease on a due mail so two workers never send it twice; undefined when not due. */
async function leaseMail(db: Db, id: string) {
  const [row] = await db
    .update(t.outboxMails)
    .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS) })
    .where(and(eq(t.outboxMails.id, id), eq(t.outboxMails.status, 'PENDING'), lte(t.outboxMails.nextAttemptAt, sql`now()`)))
    .returning();
  return row;
}

export async function deliverMail(db: Db, sender: MailSender, from: string, id: string): Promise<'sent' | 'failed' | 'skipped'> {
  const mail = await leaseMail(db, id);
  if (!mail) return 'skipped';
  try {
    const attachments = await attachmentsOf(db, id);
    await sender.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.bodyText, ...(attachments.length > 0 ? { attachments } : {}) });
    await markSent(db, id);
    return 'sent';
  } catch (error) {
    const attempt = mail.attempts + 1;
    await markAttemptFailed(db, id, String((error as Error).message ?? error), attempt >= MAX_MAIL_ATTEMPTS, new Date(Date.now() + retryDelayMs(attempt)));
    return 'failed';
  }
}

export async function startMailDelivery(db: Db, jobs: JobQueue, sender: MailSender, from: string, options: { pollingIntervalSeconds?: number } = {}) {
  await jobs.work<{ id: string }>('mail.deliver', async ({ id }) => {
    await deliverMail(db, sender, from, id);
  }, options);
  await jobs.work('mail.sweep', async () => {
    for (const id of await dueMailIds(db, 100)) await deliverMail(db, sender, from, id);
  }, options);
  await jobs.schedule('mail.sweep', '* * * * *');
  setMailQueuedListener(db, (id) => jobs.send('mail.deliver', { id }));
  // Mails left pending by a previous run go out now rather than at the next sweep.
  await jobs.send('mail.sweep', {});
}

export function stopMailDelivery(db: Db): void {
  setMailQueuedListener(db, undefined);
}
