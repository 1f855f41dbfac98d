import { act, Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { FIRST_OPTIONS, GrowingSelect } from './growing-select.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DATA = Array.from({ length: 100 }, (_, i) => ({ value: `c${i}`, label: `国${String(i).padStart(3, '0')}` }));

/** A searchable select over 100 options growing to 60; `made` lists each option as it is rendered, and `|` after each commit. */
function Countries({ made }: { made: string[] }) {
  return (
    <Profiler id="countries" onRender={() => made.push('|')}>
      <GrowingSelect
        full={60}
        label="国・地域"
        searchable
        data={DATA}
        renderOption={({ option }) => {
          made.push(option.value);
          return option.label;
        }}
      />
    </Profiler>
  );
}

/** The select's own input (Mantine adds a hidden one for the form's value). */
const field = () => waitFor(() => document.querySelector<HTMLInputElement>('input:not([type="hidden"])'));
const options = () => document.querySelectorAll('[role="option"]').length;

describe('GrowingSelect: a long list opens with its first options and grows after', () => {
  useScreenTests();

  it('opens with the first ten made, then grows to the full limit; opens the same way again after closing', async () => {
    const made: string[] = [];
    renderScreen(<Countries made={made} />);
    const input = await field();
    for (const round of [1, 2]) {
      made.length = 0;
      act(() => input.click());
      await waitFor(() => options() === 60);
      // The commit that opened the list made the first ten options only; a later commit (the
      // growth, a transition) made them up to the limit.
      const commits = made.join(' ').split('|').map((c) => c.trim().split(' ').filter(Boolean));
      const opening = commits.find((c) => c.length > 0)!;
      expect(new Set(opening), `round ${round}`).toEqual(new Set(DATA.slice(0, FIRST_OPTIONS).map((o) => o.value)));
      expect(new Set(made.filter((v) => v !== '|'))).toEqual(new Set(DATA.slice(0, 60).map((o) => o.value)));
      act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
      await waitFor(() => options() === 0);
    }
  });
});
