/** The lengths and counts of a dashboard article (no zod: the board and its attachment picker read them without the wire schemas). */

export const MAX_MESSAGE_TITLE = 200;
export const MAX_MESSAGE_BODY = 10_000;
/** The most attachments one article carries. */
export const MAX_MESSAGE_ATTACHMENTS = 10;
