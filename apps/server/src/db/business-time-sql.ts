/**
 * The business time zone (packages/domain/src/common/business-date.ts OPERATOR_TIME_ZONE) in SQL.
 * Written into the statement as a literal, not a parameter: the text stays what it was, an
 * expression index on it still matches, and a statement handed to COPY needs no parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';

/** `x at time zone ${OPERATOR_ZONE_SQL}`: the operator's wall clock. */
export const OPERATOR_ZONE_SQL: SQL = sql.raw(`'${OPERATOR_TIME_ZONE}'`);
