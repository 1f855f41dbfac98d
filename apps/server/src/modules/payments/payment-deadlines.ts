/**
 * Payment deadlines (DESIGN §7): the reminder `remind_day_before` days before a pending payment's
 * due date (the group schedule covering the booking's first service date), mailed to the
 * branch's admins through the outbox with an agent notification; and, once the due date has
 * passed, the overdue notice to both sides. Each once per payment and due date
 * (scheduled_effects PAYMENT_REMINDER / PAYMENT_OVERDUE, subject `payment:<id>`, effect_date the
 * due date), claimed in the effect's own transaction. Nothing is cancelled: the operator decides.
 */
import type { Db } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { insertNotification } from '../notifications/index.ts';
import { claimEffect } from '../jobs/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { branchAdminMails } from '../agents/index.ts';
import { paymentReminderMail } from './payment-mails.ts';
import { overdueNotAnnounced, remindersDue, stillPending } from './payment-deadlines.repository.ts';

const SYSTEM_ACTOR = 'system';

interface DeadlineDeps {
  db: Db;
  clock: Clock;
  jobs: JobSender | undefined;
  publicUrl: string;
}

/** payments.remind: one transaction per payment, giving way to requests between them (ADR 017); answers how many were reminded and mailed. */
export async function remindPendingPayments(deps: DeadlineDeps, jobRunId?: number) {
  const today = deps.clock.today();
  let reminded = 0;
  let mails = 0;
  const paymentIds: number[] = [];
  for (const p of await remindersDue(deps.db, today)) {
    await giveWay();
    const sent = await inTransaction(
      deps.db,
      async (work) => {
        if (!(await stillPending(work.tx, p))) return null;
        if (!(await claimEffect(work.tx, { kind: 'PAYMENT_REMINDER', subject: `payment:${p.payment_id}`, effectDate: p.due_date, bookingId: p.booking_db_id, jobRunId, detail: { owed_e6: p.owed_e6 } }))) return null;
        const admins = await branchAdminMails(work.tx, p.agent_id, p.agent_sub_group_id);
        for (const admin of admins) {
          const mail = paymentReminderMail(admin.languageCode, { bookingId: p.booking_id, groupName: p.group_name, amountE6: p.owed_e6, dueDate: p.due_date, link: `${deps.publicUrl}/bookings/${p.booking_id}` });
          await enqueueMail(work, { kind: 'PAYMENT_REMINDER', toAddress: admin.email, subject: mail.subject, bodyText: mail.bodyText, bookingId: p.booking_id });
        }
        await insertNotification(work.tx, { audience: 'AGENT', category: 'payment', kind: 'PAYMENT_REMINDER', bookingId: p.booking_db_id, agentId: p.agent_id, agentSubGroupId: p.agent_sub_group_id });
        await insertOperationLog(work.tx, {
          category: 'payments',
          operator: SYSTEM_ACTOR,
          operatorAccountId: null,
          operation: 'payments.remind',
          bookingId: p.booking_id,
          isError: false,
          statusCode: 200,
          requestJson: { payment_id: p.payment_id, due_date: p.due_date, run_date: today },
          responseJson: { mailed_to: admins.length, owed_e6: p.owed_e6 },
        });
        return admins.length;
      },
      { jobs: deps.jobs },
    );
    if (sent === null) continue;
    reminded++;
    mails += sent;
    paymentIds.push(p.payment_id);
  }
  return { run_date: today, reminded, mails, payment_ids: paymentIds };
}

/** payments.mark-overdue: both sides told once per payment and due date, one transaction each, giving way between them; nothing else changes. */
export async function announceOverduePayments(deps: DeadlineDeps, jobRunId?: number) {
  const today = deps.clock.today();
  const paymentIds: number[] = [];
  for (const p of await overdueNotAnnounced(deps.db, today)) {
    await giveWay();
    const done = await inTransaction(
      deps.db,
      async (work) => {
        if (!(await stillPending(work.tx, p))) return false;
        if (!(await claimEffect(work.tx, { kind: 'PAYMENT_OVERDUE', subject: `payment:${p.payment_id}`, effectDate: p.due_date, bookingId: p.booking_db_id, jobRunId, detail: { owed_e6: p.owed_e6 } }))) return false;
        for (const audience of ['ADMIN', 'AGENT'] as const) {
          await insertNotification(work.tx, { audience, category: 'payment', kind: 'PAYMENT_OVERDUE', bookingId: p.booking_db_id, agentId: p.agent_id, agentSubGroupId: p.agent_sub_group_id });
        }
        await insertOperationLog(work.tx, {
          category: 'payments',
          operator: SYSTEM_ACTOR,
          operatorAccountId: null,
          operation: 'payments.mark_overdue',
          bookingId: p.booking_id,
          isError: false,
          statusCode: 200,
          requestJson: { payment_id: p.payment_id, due_date: p.due_date, run_date: today },
          responseJson: { overdue: true, owed_e6: p.owed_e6 },
        });
        return true;
      },
      { jobs: deps.jobs },
    );
    if (done) paymentIds.push(p.payment_id);
  }
  return { run_date: today, overdue: paymentIds.length, payment_ids: paymentIds };
}
