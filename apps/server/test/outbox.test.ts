import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { enqueueMail } from '../src/modules/mail/outbox.ts';
import { MAX_MAIL_ATTEMPTS, deliverMail } from '../src/modules/mail/mail-delivery.ts';
import { smtpSender } from '../src/modules/mail/mail-sender.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

let ctx: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp(); // no SMTP_URL: mails stay in the outbox
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function mailRow(id: string) {
  const [row] = await ctx.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.id, id));
  return row;
}

describe('outbox', () => {
  it('writes nothing when the change that caused the mail rolls back', async () => {
    await expect(
      inTransaction(ctx.database.db, async (work) => {
        await enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: 'rollback@example.com', subject: 's', bodyText: 'b' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.toAddress, 'rollback@example.com'))).toHaveLength(0);
  });

  it('sends the delivery job only after the mail commits, never for a rollback', async () => {
    const sent: { name: string; data: object }[] = [];
    const jobs = { send: async (name: string, data: object) => (sent.push({ name, data }), 'job') };
    await expect(
      inTransaction(ctx.database.db, async (work) => {
        await enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: 'rollback2@example.com', subject: 's', bodyText: 'b' });
        expect(sent).toHaveLength(0); // not while the transaction is open
        throw new Error('the change failed');
      }, { jobs }),
    ).rejects.toThrow('the change failed');
    expect(sent).toHaveLength(0);
    const id = await inTransaction(ctx.database.db, (work) => enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: 'committed@example.com', subject: 's', bodyText: 'b' }), { jobs });
    expect(sent).toEqual([{ name: 'mail.deliver', data: { id } }]);
  });

  it('keeps mails pending without SMTP and shows them to admins only', async () => {
    const admin = await ctx.login('admin@example.com');
    await ctx.app.inject({ method: 'POST', url: '/v1/reset-password', payload: { role: 'ADMIN', email: 'staff@example.com' } });
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/outbox-mails?status=PENDING&to_address=staff@', headers: admin });
    expect(list.statusCode).toBe(200);
    const [mail] = list.json().mails;
    expect(mail).toMatchObject({ to_address: 'staff@example.com', status: 'PENDING', attempts: 0, kind: 'account.password_reset' });
    const one = await ctx.app.inject({ method: 'GET', url: `/v1/outbox-mails/${mail.id}`, headers: admin });
    expect(one.json().body_text).toContain('reset-password?token=');
    const staff = await ctx.login('staff@example.com');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/outbox-mails', headers: staff })).statusCode).toBe(403);
  });

  it('retries a refused delivery later and marks it sent, then never sends it twice', async () => {
    const id = await inTransaction(ctx.database.db, (work) =>
      enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: 'retry@example.com', subject: '再送テスト', bodyText: '本文です' }),
    );
    const sender = smtpSender(smtp.url);
    try {
      smtp.refuseNext(1);
      expect(await deliverMail(ctx.database.db, sender, 'from@example.com', id)).toBe('failed');
      const failed = await mailRow(id);
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(failed!.lastError).toContain('451');
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      // Not due yet: nothing happens.
      expect(await deliverMail(ctx.database.db, sender, 'from@example.com', id)).toBe('skipped');

      await ctx.database.db.execute(sql`update outbox_mails set next_attempt_at = now() where id = ${id}`);
      expect(await deliverMail(ctx.database.db, sender, 'from@example.com', id)).toBe('sent');
      expect(await mailRow(id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
      const received = await smtp.waitFor((m) => m.to.includes('retry@example.com'));
      expect(received).toMatchObject({ subject: '再送テスト', text: '本文です' });

      expect(await deliverMail(ctx.database.db, sender, 'from@example.com', id)).toBe('skipped');
      expect(smtp.received.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    } finally {
      sender.close();
    }
  });

  it('gives up after the last attempt', async () => {
    const id = await inTransaction(ctx.database.db, (work) => enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: 'give-up@example.com', subject: 's', bodyText: 'b' }));
    await ctx.database.db.execute(sql`update outbox_mails set attempts = ${MAX_MAIL_ATTEMPTS - 1} where id = ${id}`);
    const sender = smtpSender('smtp://127.0.0.1:1'); // nothing listens there
    try {
      expect(await deliverMail(ctx.database.db, sender, 'from@example.com', id)).toBe('failed');
    } finally {
      sender.close();
    }
    expect(await mailRow(id)).toMatchObject({ status: 'FAILED', attempts: MAX_MAIL_ATTEMPTS });
  });
});
