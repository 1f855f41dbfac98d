/**
 * The categories of the operator's dashboard articles (spec 000 §3 "Dashboard message", kept by
 * category). The spec names none; these are the operator's (docs/DESIGN.md §10 Dashboard).
 *  - IMPORTANT: must be read (fare or rule changes, deadlines)
 *  - OPERATION: service information (suspensions, timetable changes, weather)
 *  - NOTICE: general notices
 *  - CAMPAIGN: seasonal offers and events for groups
 */
export const MESSAGE_CATEGORIES = ['IMPORTANT', 'OPERATION', 'NOTICE', 'CAMPAIGN'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
