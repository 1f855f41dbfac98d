/**
 * Payment deadlines (DESIGN §7): the reminder `remind_day_before` days before a pending payment's
 * due date (the group schedule covering the booking's first service date), mailed to the
 * branch's admins through the outbox with an agent notification; and, once the due date has
 * passed, the overdue notice to both sides. Each once per payment and due date
 * (scheduled_effects PAYMENT_REMINDER / PAYMENT_OVERDUE, subject `payment:<id>`, effect_date the
 * due date), claimed in the effect's own transaction. Nothing is cancelled: the operator decides.
 */
import { sql } from 'drizzle-orm';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { owedE6Sql, PENDING_STATUSES_SQL } from '../../db/money-sql.ts';
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

const SYSTEM_ACTOR = 'system';

interface DuePayment {
  payment_id: number;
  due_date: string;
  booking_db_id: number;
  booking_id: string;
  group_name: string;
  agent_id: number;
  agent_sub_group_id: number;
  owed_e6: number;
}

/** The rows as read: the owed amount is a bigint read as text (never a float), then safeE6. */
const duePayments = (rows: unknown): DuePayment[] => rowsOf<Omit<DuePayment, 'owed_e6'> & { owed_e6: string }>(rows).map((p) => ({ ...p, owed_e6: safeE6(p.owed_e6) }));

const SELECT_DUE = sql`
  select p.id as payment_id, p.due_date::text as due_date, b.id as booking_db_id, b.booking_id, b.group_name, b.agent_id, b.agent_sub_group_id,
         ${owedE6Sql('p')}::text as owed_e6
  from payments p join bookings b on b.id = p.booking_id`;

/** Pending payments whose reminder day has come (or was missed) and that are not yet due. */
async function remindersDue(db: Executor, today: string): Promise<DuePayment[]> {
  return duePayments(
    await db.execute(sql`
      ${SELECT_DUE}
      join lateral (select min(bs.service_date) as first_date from booking_services bs where bs.booking_id = b.id) f on true
      join group_schedules gs on f.first_date between gs.service_from_date and gs.service_to_date
      where p.status in ${PENDING_STATUSES_SQL} and p.due_date is not null
        and p.due_date >= ${today}::date and p.due_date - gs.remind_day_before <= ${today}::date
        and not exists (select 1 from scheduled_effects e where e.kind = 'PAYMENT_REMINDER' and e.subject = 'payment:' || p.id and e.effect_date = p.due_date)
      order by p.due_date, p.id`),
  );
}

/** Pending payments past their due date, not yet announced as overdue for that date. */
async function overdueNotAnnounced(db: Executor, today: string): Promise<DuePayment[]> {
  return duePayments(
    await db.execute(sql`
      ${SELECT_DUE}
      where p.status in ${PENDING_STATUSES_SQL} and p.due_date is not null and p.due_date < ${today}::date
        and not exists (select 1 from scheduled_effects e where e.kind = 'PAYMENT_OVERDUE' and e.subject = 'payment:' || p.id and e.effect_date = p.due_date)
      order by p.due_date, p.id`),
  );
}

/** The payment still pending with that due date, locked (it may have been paid since it was listed). */
async function stillPending(tx: Executor, p: DuePayment): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from payments where id = ${p.payment_id} and status in ${PENDING_STATUSES_SQL} and due_date = ${p.due_date} for update`));
  return rows.length > 0;
}

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
