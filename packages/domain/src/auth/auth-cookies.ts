/** Name of the readable cookie carrying the CSRF token that cookie sessions send back in a header. */
export const CSRF_COOKIE = 'sagano_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sagano_session';
