import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { DateField } from './date-field.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Types `text` into the input as a user would (React hears the input event). */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    input.focus();
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function blur(input: HTMLInputElement) {
  act(() => input.blur());
}

/** A form field holding the ISO value, as the forms do. */
function Field({ initial, required, seen }: { initial: string; required?: boolean; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="乗車日"
        required={required}
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => waitFor(() => document.querySelector<HTMLInputElement>('input[data-dates-input]'));

describe('DateField', () => {
  useScreenTests();

  it('typing 2026/12/01 gives the ISO date, and Japanese shows yyyy/MM/dd', async () => {
    const seen: string[] = [];
    renderScreen(<Field initial="2026-04-01" required seen={seen} />);
    const field = await input();
    expect(field.value).toBe('2026/04/01');
    expect(field.placeholder).toBe('yyyy/mm/dd');
    type(field, '2026/12/01');
    expect(seen.at(-1)).toBe('2026-12-01');
    blur(field);
    await waitFor(() => field.value === '2026/12/01');
    expect(document.querySelector('[data-testid="value"]')?.textContent).toBe('2026-12-01');
  });

  it('accepts 2026-12-1 and 2026/1/5 typed, and leaves the value alone on a date that does not exist', async () => {
    const seen: string[] = [];
    renderScreen(<Field initial="" required seen={seen} />);
    const field = await input();
    type(field, '2026-12-1');
    expect(seen.at(-1)).toBe('2026-12-01');
    type(field, '2026/1/5');
    expect(seen.at(-1)).toBe('2026-01-05');
    const before = seen.length;
    type(field, '2026/02/30');
    expect(seen.length).toBe(before);
    blur(field);
    await waitFor(() => field.value === '2026/01/05');
  });

  it('an optional field is cleared by emptying it (the value becomes an empty string)', async () => {
    const seen: string[] = [];
    renderScreen(<Field initial="2026-04-01" seen={seen} />);
    const field = await input();
    type(field, '');
    expect(seen.at(-1)).toBe('');
    expect(document.querySelector('[data-testid="value"]')?.textContent).toBe('');
  });

  it('the calendar opens on focus at the value\'s month, and a picked day becomes the value', async () => {
    const seen: string[] = [];
    renderScreen(<Field initial="2026-04-01" required seen={seen} />);
    const field = await input();
    act(() => field.focus());
    const day15 = await waitFor(() =>
      [...document.querySelectorAll<HTMLButtonElement>('[data-dates-dropdown] button:not([data-outside])')].find((b) => b.textContent === '15'),
    );
    act(() => day15.click());
    expect(seen.at(-1)).toBe('2026-04-15');
    await waitFor(() => field.value === '2026/04/15');
  });

  it('an optional field has a named clear button that empties the value', async () => {
    const seen: string[] = [];
    renderScreen(<Field initial="2026-04-01" seen={seen} />);
    const clear = await waitFor(() => document.querySelector<HTMLButtonElement>('button[aria-label="日付を消去"]'));
    act(() => clear.click());
    expect(seen.at(-1)).toBe('');
    await waitFor(() => (document.querySelector('[data-testid="value"]')?.textContent === '' ? true : null));
  });

  it('English shows yyyy-MM-dd', async () => {
    await changeLanguage('en');
    renderScreen(<Field initial="2026-04-01" required seen={[]} />);
    const field = await input();
    await waitFor(() => field.value === '2026-04-01');
    expect(field.placeholder).toBe('yyyy-mm-dd');
  });
});
