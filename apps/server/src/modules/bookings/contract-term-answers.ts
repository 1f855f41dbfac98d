/**
 * The answer date of a special contract term (DESIGN §7): on it (or on the next run, when the run
 * was missed and the term has not begun) the operator is reminded of the requests still
 * unanswered in the term (SUBMITTED, WAITLIST, MODIFICATION_SUBMITTED on a service date inside
 * it): one ANSWER_DUE notification per such booking, so the list names each; once per term and
 * answer date (scheduled_effects CONTRACT_ANSWER_DUE `term:<service_from_date>`, with the count).
 */
import { roomsOfNotification } from '@sagano/domain/realtime/realtime-events';
import type { Db } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { claimEffect } from '../jobs/index.ts';
import { insertBookingNotificationRows } from '../notifications/index.ts';
import { termsAnswerDue, unansweredInTerm } from './booking-jobs.repository.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';

/** Notifications per insert statement (6 parameters each, well under PostgreSQL's 65,535). */
const INSERT_ROWS = 1000;

export async function remindAnswerDue(deps: { db: Db; clock: Clock }, jobRunId?: number) {
  const today = deps.clock.today();
  const terms = await termsAnswerDue(deps.db, today);
  const reminded: { term: string; answer_date: string; unanswered: number }[] = [];
  for (const term of terms) {
    await giveWay(); // ADR 017
    const count = await inTransaction(deps.db, async ({ tx }) => {
      const bookings = await unansweredInTerm(tx, term);
      const detail = { name: term.name, service_from_date: term.from, service_to_date: term.to, unanswered: bookings.length, booking_ids: bookings.map((b) => b.booking_id) };
      if (!(await claimEffect(tx, { kind: 'CONTRACT_ANSWER_DUE', subject: `term:${term.from}`, effectDate: term.answer_date, jobRunId, detail }))) return null;
      // A few multi-row inserts rather than one per booking: a busy term holds the embedded database's one connection for no longer (ADR 017).
      for (let i = 0; i < bookings.length; i += INSERT_ROWS) {
        await insertBookingNotificationRows(
          tx,
          bookings.slice(i, i + INSERT_ROWS).map((b) => ({ kind: 'ANSWER_DUE', bookingId: b.id, agentId: b.agent_id, agentSubGroupId: b.agent_sub_group_id })),
        );
      }
      if (bookings.length > 0) await publishRealtime(tx, roomsOfNotification('ADMIN', null), { type: 'notification.changed', category: 'booking' });
      await insertOperationLog(tx, {
        category: 'bookings',
        operator: 'system',
        operatorAccountId: null,
        operation: 'bookings.remind_answer_due',
        bookingId: null,
        isError: false,
        statusCode: 200,
        requestJson: { service_from_date: term.from, answer_date: term.answer_date, run_date: today },
        responseJson: detail,
      });
      return bookings.length;
    });
    if (count !== null) reminded.push({ term: term.name, answer_date: term.answer_date, unanswered: count });
  }
  return { run_date: today, terms: reminded.length, unanswered: reminded.reduce((n, r) => n + r.unanswered, 0), reminded };
}
