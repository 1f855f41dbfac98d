/**
 * The domain's money words in SQL, built from the same constants
 * (packages/domain/src/payments/money-terms.ts) so a query and the TypeScript rules cannot drift
 * apart. The constants are written into the statement as literals
 * (not parameters): the text stays what it was, a partial or expression index still matches, and
 * a statement handed to COPY needs no parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PENDING_PAYMENT_STATUSES, SETTLED_PAYMENT_STATUSES, UNCOUNTED_PAYMENT_STATUSES } from '@sagano/domain/payments/money-terms';
import type { PaymentStatus } from '@sagano/domain/payments/payment-state';

const CODE = /^[A-Za-z_]+$/;

/** `('A', 'B')`: a list of status codes for `in` / `not in`; only plain codes are accepted. */
export function statusList(statuses: readonly PaymentStatus[]): SQL {
  if (statuses.length === 0 || statuses.some((s) => !CODE.test(s))) throw new Error(`not a status list: ${statuses.join(', ')}`);
  return sql.raw(`(${statuses.map((s) => `'${s}'`).join(', ')})`);
}

/** Waiting for money (money-terms.ts pending): `p.status in ${PENDING_STATUSES_SQL}`. */
export const PENDING_STATUSES_SQL = statusList(PENDING_PAYMENT_STATUSES);
/** Settled: paid in full or couponed. */
export const SETTLED_STATUSES_SQL = statusList(SETTLED_PAYMENT_STATUSES);
/** Counted by no figure (INITED, NO_NEED_TO_PAY): a counted payment is `p.status not in ${UNCOUNTED_STATUSES_SQL}`. */
export const UNCOUNTED_STATUSES_SQL = statusList(UNCOUNTED_PAYMENT_STATUSES);

/** What is still owed on payment `p` (money-terms.ts owedE6), bigint: read it as text through safeE6. */
export function owedE6Sql(alias: string): SQL {
  if (!CODE.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return sql.raw(`greatest(0, ${alias}.total_amount_e6 - ${alias}.paid_amount_e6)`);
}
