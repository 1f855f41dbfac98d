/**
 * The OCTO standard's errors (ADR 039): `{error, errorMessage}` plus the offending id, with the
 * standard's HTTP status (400 for every refusal of the request, 401, 403, 500).
 */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export interface OctoErrorBody {
  error: OctoErrorCode;
  errorMessage: string;
  productId?: string;
  optionId?: string;
  unitId?: string;
  availabilityId?: string;
  uuid?: string;
}

export class OctoError extends Error {
  readonly status: number;
  readonly body: OctoErrorBody;

  constructor(error: OctoErrorCode, errorMessage: string, ids: Omit<OctoErrorBody, 'error' | 'errorMessage'> = {}, status = STATUS[error]) {
    super(errorMessage);
    this.status = status;
    this.body = { error, errorMessage, ...ids };
  }
}

export const invalidProduct = (productId: unknown) => new OctoError('INVALID_PRODUCT_ID', `the product ${String(productId)} is not sold over OCTO`, { productId: String(productId ?? '') });
export const invalidOption = (optionId: unknown) => new OctoError('INVALID_OPTION_ID', `the option ${String(optionId)} is not an option of this product`, { optionId: String(optionId ?? '') });
export const invalidAvailability = (availabilityId: unknown, why = 'no train of this option departs at that time') =>
  new OctoError('INVALID_AVAILABILITY_ID', `availability ${String(availabilityId)}: ${why}`, { availabilityId: String(availabilityId ?? '') });
export const invalidUnit = (unitId: unknown) => new OctoError('INVALID_UNIT_ID', `the unit ${String(unitId)} is not a unit of this option`, { unitId: String(unitId ?? '') });
export const invalidBooking = (uuid: unknown) => new OctoError('INVALID_BOOKING_UUID', `no booking ${String(uuid)} of yours`, { uuid: String(uuid ?? '') });
export const badRequest = (message: string) => new OctoError('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);

/** Our own refusals (AppError's codes and statuses) as the standard's. */
export function octoErrorOf(status: number, message: string): OctoError {
  if (status === 401) return new OctoError('UNAUTHORIZED', message);
  if (status === 403) return new OctoError('FORBIDDEN', message);
  if (status === 429) return new OctoError('TOO_MANY_REQUESTS', message);
  // A body too large or of another type keeps its HTTP status (nothing was read), in the standard's body.
  if (status === 413 || status === 415) return new OctoError('BAD_REQUEST', message, {}, status);
  if (status === 400 || status === 404) return badRequest(message);
  if (status >= 500) return new OctoError('INTERNAL_SERVER_ERROR', 'an unexpected error occurred');
  return unprocessable(message);
}
