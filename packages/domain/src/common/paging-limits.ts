/** Lists answer `{total, page, per_page, <rows>}`; pages count from 1. Without zod: screens that only page load nothing more. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
