/** Lengths (characters) shared by several areas' schemas; the screens count typed text against them. */

/** A person's name: an applicant, a tour conductor, a staff member or account, an operator in charge. */
export const MAX_PERSON_NAME = 100;
/** A mail the operator sends from a booking step (subject and body as edited). */
export const MAX_MAIL_SUBJECT = 200;
export const MAX_MAIL_BODY = 20_000;
