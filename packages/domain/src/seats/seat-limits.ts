/** Why seats could not be given (told to the agent): its longest length. No zod here: the seat screen's dialog reads it without the wire schemas. */
export const MAX_SEAT_NG_REASON = 500;
/** Why a voucher goes out before its fare is paid: its longest length (the booking page's voucher dialog reads it without zod). */
export const MAX_OVERRIDE_REASON = 500;
