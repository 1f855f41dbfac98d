/**
 * How many countries a country select shows before anything is typed: ~250 options made at once
 * cost a slow phone a quarter of a second at every opening (Mantine's advice for large lists is to
 * render fewer). Japan comes first; typing searches every country.
 */
export const COUNTRY_LIST_LIMIT = 60;
