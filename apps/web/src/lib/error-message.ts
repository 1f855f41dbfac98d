import i18next from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@sagano/domain/common/errors';
import { ApiError, FetchFailureError, MissingParameterError } from './api-client.ts';
import { formatDateTime } from './dates.ts';
import { apiFieldLabel } from './validation-messages.ts';

/** Messages whose translation needs values from the screen; without them the server's description is shown. */
const NEEDS_VALUES: Partial<Record<ErrorCode, readonly string[]>> = {
  LOGIN_NOT_ALLOWED: ['email'],
};

function isErrorCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * What to tell the user about a failed call (spec 001 §8), in the current language: the
 * translated message for the error code when there is one, else the server's description,
 * else the code, else the HTTP status.
 */
export function errorMessage(error: unknown, values: Record<string, string> = {}): string {
  const t = i18next.t;
  // Refused before sending (spec 001 §8): the missing field named, as a 400 would be.
  if (error instanceof MissingParameterError) return t('common:errors.missingParameter', { field: apiFieldLabel(error.field) });
  if (error instanceof ApiError) {
    const code = error.code;
    // A 400 naming its field shown away from a form: which field, in words.
    if (code === 'VALIDATION_FAILED' && error.field) return t('common:errors.fieldInvalid', { field: apiFieldLabel(error.field) });
    const confirmedAt = error.body?.common.confirmed_at;
    if (code === 'ALREADY_CONFIRMED' && confirmedAt) {
      const by = error.body?.common.confirmed_by;
      return t(code, { ns: 'errors', date: formatDateTime(confirmedAt), who: by ? t('common:errors.confirmedBy', { who: by }) : '' });
    }
    const limit = error.body?.common.limit;
    if ((code === 'GROUP_TOO_SMALL' || code === 'GROUP_OVER_CAPACITY') && limit !== undefined) return t(code, { ns: 'errors', limit });
    if (isErrorCode(code)) {
      const needed = NEEDS_VALUES[code] ?? [];
      if (needed.every((name) => values[name]) && i18next.exists(code, { ns: 'errors' })) {
        return t(code, { ns: 'errors', ...values });
      }
    }
    return error.description || code || t('common:errors.httpStatus', { status: error.status });
  }
  if (error instanceof FetchFailureError) return t('common:errors.network');
  return t('common:errors.unknown');
}
