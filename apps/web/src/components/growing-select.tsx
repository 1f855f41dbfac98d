import { Select, type SelectProps } from '@mantine/core';
import { useGrowingLimit } from '../lib/growing-limit.ts';

/**
 * A Select over a long list (the countries, the operator's agents) that opens with its first
 * options and grows to `full` after (useGrowingLimit). The growth renders this select alone, not
 * the form around it.
 */
export function GrowingSelect({ full, onDropdownOpen, onDropdownClose, ...props }: SelectProps & { full: number }) {
  const growing = useGrowingLimit(full);
  return (
    <Select
      {...props}
      limit={growing.limit}
      onDropdownOpen={() => {
        growing.onDropdownOpen();
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        growing.onDropdownClose();
        onDropdownClose?.();
      }}
    />
  );
}
