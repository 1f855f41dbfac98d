import { startTransition, useState } from 'react';

/** How many options a long list shows in the frame it opens in. */
export const FIRST_OPTIONS = 10;

/**
 * A long select list (the ~250 countries) that opens at once and grows after: Mantine makes every
 * option the list shows in the task of the click that opens it, and at 60 options that click took
 * 280 ms on a slowed phone. The list opens with the first ten (more than it has room to show) and
 * the rest up to `full` follow as a React transition, which a keystroke in the search interrupts.
 * Spread onto a Select: `<Select {...useGrowingLimit(COUNTRY_LIST_LIMIT)} …/>`.
 */
export function useGrowingLimit(full: number, first = FIRST_OPTIONS) {
  const [limit, setLimit] = useState(first);
  return {
    limit,
    onDropdownOpen: () => startTransition(() => setLimit(full)),
    onDropdownClose: () => setLimit(first),
  };
}
