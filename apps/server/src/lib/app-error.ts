import { ERROR_STATUS, type ErrorCode } from '@sagano/domain/common/errors';

/** The one error type of the API: a code the client understands, mapped to one HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** More of the answer's `common`, for codes that carry it (BOOKING_CHANGED: current_revision). */
  readonly details: { current_revision?: number } | undefined;

  constructor(code: ErrorCode, description: string, field?: string, details?: { current_revision?: number }) {
    super(description);
    this.code = code;
    this.field = field;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (why = 'you are not allowed to do this') => new AppError('FORBIDDEN', why);
export const invalid = (field: string, description: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${description}`, field);
