/** The reads of the payment deadline jobs: payments whose reminder or overdue notice is due, and the check that one is still pending. */
import { sql } from 'drizzle-orm';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { owedE6Sql, PENDING_STATUSES_SQL } from '../../db/money-sql.ts';

export interface DuePayment {
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
export async function remindersDue(db: Executor, today: string): Promise<DuePayment[]> {
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
export async function overdueNotAnnounced(db: Executor, today: string): Promise<DuePayment[]> {
  return duePayments(
    await db.execute(sql`
      ${SELECT_DUE}
      where p.status in ${PENDING_STATUSES_SQL} and p.due_date is not null and p.due_date < ${today}::date
        and not exists (select 1 from scheduled_effects e where e.kind = 'PAYMENT_OVERDUE' and e.subject = 'payment:' || p.id and e.effect_date = p.due_date)
      order by p.due_date, p.id`),
  );
}

/** The payment still pending with that due date, locked (it may have been paid since it was listed). */
export async function stillPending(tx: Executor, p: DuePayment): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from payments where id = ${p.payment_id} and status in ${PENDING_STATUSES_SQL} and due_date = ${p.due_date} for update`));
  return rows.length > 0;
}
