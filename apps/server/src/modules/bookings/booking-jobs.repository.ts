/** The reads of the bookings module's jobs: the waitlist on a train, the special contract terms whose answer date has come. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

/** The waitlisted bookings riding one train, oldest submission first (public numbers). */
export async function waitingOn(executor: Executor, serviceDate: string, serviceId: number): Promise<string[]> {
  return rowsOf<{ booking_id: string }>(
    await executor.execute(sql`
      select b.booking_id
      from booking_services bs
      join bookings b on b.id = bs.booking_id
      where bs.service_date = ${serviceDate} and bs.service_id = ${serviceId}
        and b.status = 'WAITLIST' and b.sub_status in ('INITIAL', 'SAGANO_ALLOTMENT_NOT_AVAILABLE')
      order by b.submitted_at, b.id`),
  ).map((r) => r.booking_id);
}

/** The special contract terms whose answer date has come and whose trains have not started, not yet reminded. */
export async function termsAnswerDue(executor: Executor, today: string): Promise<{ name: string; from: string; to: string; answer_date: string }[]> {
  return rowsOf<{ name: string; from: string; to: string; answer_date: string }>(
    await executor.execute(sql`
      select t.name, t.service_from_date::text as from, t.service_to_date::text as to, t.answer_date::text as answer_date
      from special_contract_terms t
      where t.answer_date <= ${today}::date and t.service_from_date > ${today}::date
        and not exists (select 1 from scheduled_effects e where e.kind = 'CONTRACT_ANSWER_DUE' and e.subject = 'term:' || t.service_from_date::text and e.effect_date = t.answer_date)
      order by t.service_from_date`),
  );
}

const UNANSWERED = sql`('SUBMITTED', 'WAITLIST', 'MODIFICATION_SUBMITTED')`;

/** The bookings still waiting for the operator's answer with a train in the term's dates. */
export async function unansweredInTerm(executor: Executor, term: { from: string; to: string }): Promise<{ id: number; booking_id: string; agent_id: number; agent_sub_group_id: number }[]> {
  return rowsOf<{ id: number; booking_id: string; agent_id: number; agent_sub_group_id: number }>(
    await executor.execute(sql`
          select distinct b.id, b.booking_id, b.agent_id, b.agent_sub_group_id from bookings b join booking_services bs on bs.booking_id = b.id
          where b.status in ${UNANSWERED} and bs.service_date between ${term.from}::date and ${term.to}::date
          order by b.id`),
  );
}
