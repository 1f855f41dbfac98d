/**
 * Sending a mail: it is written to the outbox inside the caller's transaction, so it exists only
 * if the change that caused it commits, and its delivery job is sent once that commit is done.
 */
import type { Work } from '../../lib/unit-of-work.ts';
import { deliverMailJob } from './mail.jobs.ts';
import { insertMail, type NewMail } from './outbox.repository.ts';

export type { MailAttachment, NewMail } from './outbox.repository.ts';

export async function enqueueMail(work: Work, mail: NewMail): Promise<string> {
  const id = await insertMail(work.tx, mail);
  work.enqueue(deliverMailJob, { id });
  return id;
}
