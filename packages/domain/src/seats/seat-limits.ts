/** Why seats could not be given (told to the agent): its longest length. No zod here: the seat screen's dialog reads it without the wire schemas. */
export const MAX_SEAT_NG_REASON = 500;
