import { startTransition, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';

/** How many options a long list shows in the frame it opens in (more than its 220 px have room for). */
export const FIRST_OPTIONS = 10;

/**
 * A Select over a long list (the ~250 countries, the operator's agents) that opens at once and
 * grows after: Mantine makes every option the list shows in the task of the click that opens it,
 * and at 60 options that click took 280 ms on a slowed phone. The list opens with its first ten
 * and the rest up to `full` follow as a React transition, which a keystroke in the search
 * interrupts; closing it goes back to ten. The growth renders this select alone, not the form
 * around it.
 */
export function GrowingSelect({ full, onDropdownOpen, onDropdownClose, ...props }: SelectProps & { full: number }) {
  const [limit, setLimit] = useState(FIRST_OPTIONS);
  return (
    <Select
      {...props}
      limit={limit}
      onDropdownOpen={() => {
        startTransition(() => setLimit(full));
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setLimit(FIRST_OPTIONS);
        onDropdownClose?.();
      }}
    />
  );
}
