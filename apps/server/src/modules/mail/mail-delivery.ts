/**
 * The relay from the outbox to SMTP: one delivery attempt under a lease, with retries backing
 * off. The jobs that call it (after commit, and a sweep every minute) are in mail.jobs.ts.
 */
import type { Db } from '../../db/client.ts';
import type { MailSender } from './mail-sender.ts';
import { attachmentsOf, leaseMail, markAttemptFailed, markSent } from './outbox.repository.ts';

export const MAX_MAIL_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000);
}

export async function deliverMail(db: Db, sender: MailSender, from: string, id: string): Promise<'sent' | 'failed' | 'skipped'> {
  const mail = await leaseMail(db, id, LEASE_MS);
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
