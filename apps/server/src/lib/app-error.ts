import { ERROR_STATUS, type ErrorCode } from '@sagano/domain/common/errors';

/** More of the answer's `common` for the codes that carry it. */
export interface ErrorDetails {
  current_revision?: number;
  confirmed_at?: string;
  confirmed_by?: string;
  /** GROUP_TOO_SMALL / GROUP_OVER_CAPACITY: the number the group was held against. */
  limit?: number;
}

/** The one error type of the API: a code the client understands, mapped to one HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** More of the answer's `common`, for codes that carry it (BOOKING_CHANGED: current_revision). */
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, description: string, field?: string, details?: ErrorDetails) {
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

/** A second irreversible confirmation: 409 ALREADY_CONFIRMED naming when and by whom the first was made. */
export const alreadyConfirmed = (what: string, at: Date | string, by: string | null) =>
  new AppError('ALREADY_CONFIRMED', `${what} was already confirmed${by ? ` by ${by}` : ''} at ${typeof at === 'string' ? at : at.toISOString()}; nothing was changed`, undefined, {
    confirmed_at: typeof at === 'string' ? at : at.toISOString(),
    ...(by ? { confirmed_by: by } : {}),
  });

/** A 429 that tells the caller when to try again: the answer carries Retry-After in whole seconds. */
export class RetryLater extends AppError {
  readonly retryAfterSeconds: number;

  constructor(code: 'RATE_LIMITED' | 'LOGIN_ATTEMPT_LIMIT_EXCEEDED', description: string, retryAfterSeconds: number) {
    super(code, description);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Milliseconds as the whole seconds of a Retry-After, rounded up and at least 1 (0 would invite an immediate retry). */
export const wholeSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
