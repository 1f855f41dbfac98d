import { act } from 'react';
import { Select } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { FIRST_OPTIONS, useGrowingLimit } from './growing-limit.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DATA = Array.from({ length: 100 }, (_, i) => ({ value: `c${i}`, label: `国${String(i).padStart(3, '0')}` }));

/** A searchable select over 100 options growing to 60; `made` lists each option as it is rendered, and `|` where the list's owner renders again (the growth). */
function Countries({ made }: { made: string[] }) {
  const growing = useGrowingLimit(60);
  made.push('|');
  return (
    <Select
      label="国・地域"
      searchable
      data={DATA}
      {...growing}
      renderOption={({ option }) => {
        made.push(option.value);
        return option.label;
      }}
    />
  );
}

/** The select's own input (Mantine adds a hidden one for the form's value). */
const field = () => waitFor(() => document.querySelector<HTMLInputElement>('input:not([type="hidden"])'));
const options = () => document.querySelectorAll('[role="option"]').length;

describe('useGrowingLimit: a long list opens with its first options and grows after', () => {
  useScreenTests();

  it('opens with the first ten made, then grows to the full limit; opens the same way again after closing', async () => {
    const made: string[] = [];
    renderScreen(<Countries made={made} />);
    const input = await field();
    for (const round of [1, 2]) {
      made.length = 0;
      act(() => input.click());
      await waitFor(() => options() === 60);
      // The click's own renders made the first ten options only; the growth (the owner rendered
      // again, in a transition) made them up to the limit.
      const grown = made.indexOf('|');
      expect(grown, `round ${round}`).toBeGreaterThan(0);
      expect(new Set(made.slice(0, grown))).toEqual(new Set(DATA.slice(0, FIRST_OPTIONS).map((o) => o.value)));
      expect(new Set(made.slice(grown).filter((v) => v !== '|'))).toEqual(new Set(DATA.slice(0, 60).map((o) => o.value)));
      act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
      await waitFor(() => options() === 0);
    }
  });
});
