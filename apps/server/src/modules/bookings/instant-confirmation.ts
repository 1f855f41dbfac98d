/**
 * Instant confirmation (issue 37, ADR 037): a booking request that meets one of the operator's
 * rules (`matchingRule`, the domain's pure function) is reserved and confirmed in the request that
 * submitted it, by the same steps the back office's "reserve" takes (reserve_allotments then
 * confirm_booking, booking-reserve.ts) and, when the rule says so, seated automatically by the
 * seats module's assign_seats: the same counter guard against overselling, the same history
 * revisions, outbox mails and notifications. The steps are taken by the system on the rule's
 * behalf (revisions signed `system`), in a savepoint of the submitting transaction: if a train
 * cannot be held, nothing of them stays and the booking waits for the operator as SUBMITTED.
 */
import type { AssignSeatsBody } from '@sagano/domain/seats/seat-schemas';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import { matchingRule, type InstantRule } from '@sagano/domain/bookings/instant-confirmation';
import { allotmentLevel, DEFAULT_FEW_THRESHOLD } from '@sagano/domain/inventory/allotment-level';
import { legsBetween } from '@sagano/domain/inventory/legs';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inSavepoint, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import type { Principal } from '../auth/index.ts';
import { lockBooking, SYSTEM_ACTOR } from '../booking-core/index.ts';
import { toRuleResponse, type InstantConfirmationRuleRow } from '../instant-confirmation/index.ts';
import { reserve } from './booking-reserve.ts';
import { channelOf, groupVacancies } from './instant-confirmation.repository.ts';

export interface InstantConfirmationDeps {
  clock: Clock;
  publicUrl: string;
  /** The enabled rules, oldest first (the instant-confirmation module's service). */
  enabledRules: (executor: Work['tx']) => Promise<InstantConfirmationRuleRow[]>;
  /** The seats module's assign_seats (automatic when the body names no seats). */
  assignSeats?: ((work: Work, principal: Principal, bookingId: string, body: AssignSeatsBody) => Promise<unknown>) | undefined;
  fewThreshold?: number;
}

export interface InstantConfirmationOutcome {
  rule: { id: number; name: string };
  seated: boolean;
}

/** The system acting for a rule: the back office's rights on every booking, its history signed `system`. */
function rulePrincipal(rule: InstantConfirmationRuleRow): Principal {
  const user: SessionUser = {
    uid: '00000000-0000-0000-0000-000000000000',
    email: SYSTEM_ACTOR,
    name: rule.name,
    language_code: 'ja',
    kind: 'OPERATOR',
    role: 'saganoStaff',
    user_group: 'BACK_OFFICE',
    user_type: 'STAFF',
    agent_id: null,
    agent_sub_group_id: null,
    staff_type: null,
    totp_enrolled: false,
    totp_setup_required: false,
  };
  return { accountId: user.uid, sessionId: '', csrfToken: '', viaCookie: false, expiresAt: new Date(8.64e15), user };
}

/** The rule as the domain's matcher reads it: the fields of its answer (one mapping, the module's), with its row. */
const toInstantRule = (r: InstantConfirmationRuleRow): InstantRule & { row: InstantConfirmationRuleRow } => ({ ...toRuleResponse(r), row: r });

/** A refusal the booking can wait through: a step's own refusal, or the database's (a lock wait past its limit). */
function isRefusal(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Tries the enabled rules on a just-submitted booking (status SUBMITTED, holding nothing) and, on
 * a match, reserves, confirms and (if the rule says) seats it. Answers the rule that confirmed it,
 * or null when none matched or reserving was refused (the booking then waits, unchanged).
 */
export async function applyInstantConfirmation(
  work: Work,
  bookingId: string,
  deps: InstantConfirmationDeps,
  /**
   * The rules turned on, read by the submission that created the booking in this transaction (with
   * its other checks). Absent: the booking is an older one, tried again (the front door).
   */
  enabled?: InstantConfirmationRuleRow[],
): Promise<InstantConfirmationOutcome | null> {
  const rules = enabled ?? (await deps.enabledRules(work.tx));
  if (rules.length === 0) return null;
  // A booking submitted in this transaction is read, not locked: no one else sees it yet, and the
  // steps lock it themselves inside the savepoint. A lock taken here, by the transaction, would
  // make each change the savepoint's subtransaction makes to the row a MultiXact (three per
  // booking with it, two without: measured on PostgreSQL, ADR 037). An older booking is locked,
  // so that what the rule matched is what the steps change.
  const booking = await lockBooking(work.tx, bookingId, { lock: enabled === undefined });
  if (!booking || booking.status !== 'SUBMITTED' || booking.subStatus !== 'INITIAL') return null;
  const channel = await channelOf(work.tx, bookingId);
  if (!channel) return null;
  const vacancies = await groupVacancies(
    work.tx,
    booking.services.map((s) => {
      const legs = legsBetween(s.fromStationId, s.toStationId);
      return { serviceDate: s.serviceDate, serviceId: s.serviceId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]! };
    }),
  );
  const today = deps.clock.today();
  const rule = matchingRule(rules.map(toInstantRule), {
    agent_id: booking.agentId,
    channel,
    participant_quantity: booking.participantQuantity,
    today,
    first_service_date: booking.services.map((s) => s.serviceDate).sort()[0] ?? today,
    levels: vacancies.map((v) => allotmentLevel(v, deps.fewThreshold ?? DEFAULT_FEW_THRESHOLD)),
  });
  if (!rule) return null;
  const principal = rulePrincipal(rule.row);
  try {
    await inSavepoint(work, (w) => reserve(w, principal, bookingId, deps.clock, deps.publicUrl, { instantConfirmationRuleId: rule.id }));
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
  let seated = false;
  if (rule.auto_assign_seats && deps.assignSeats) {
    // Seats that cannot be given leave the booking reserved and confirmed, for staff to seat by hand.
    try {
      await inSavepoint(work, (w) => deps.assignSeats!(w, principal, bookingId, {}));
      seated = true;
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
  }
  await insertOperationLog(work.tx, {
    category: 'bookings',
    operator: SYSTEM_ACTOR,
    operatorAccountId: null,
    operation: 'bookings.instant_confirm',
    bookingId,
    isError: false,
    statusCode: 200,
    requestJson: { rule_id: rule.id, rule_name: rule.row.name, channel },
    responseJson: { status: 'RESERVED', seated },
  });
  return { rule: { id: rule.id, name: rule.row.name }, seated };
}
