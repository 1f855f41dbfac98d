import { act, useState } from 'react';
import { TextInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { counted } from './length-counter.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Field({ hint }: { hint?: string }) {
  const [value, setValue] = useState('嵯峨野');
  return <TextInput label="名称" value={value} onChange={(e) => setValue(e.currentTarget.value)} {...counted(value, 10, hint)} />;
}

function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const field = () => waitFor(() => document.querySelector<HTMLInputElement>('input'));
/** The text of the field's description (what aria-describedby points at). */
const description = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('counted: a text field capped at the domain limit with its counter', () => {
  useScreenTests();

  it('caps the field and counts what is typed, under the field', async () => {
    renderScreen(<Field />);
    const input = await field();
    expect(input.maxLength).toBe(10);
    expect(description(input)).toBe('3 / 10');
    type(input, '嵯峨野トロッコ列車');
    expect(description(input)).toBe('9 / 10');
    // The counter comes after the input (it follows the typing).
    const counter = document.querySelector('[data-testid="length-counter"]')!;
    expect(input.compareDocumentPosition(counter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(counter.getAttribute('aria-label')).toBe('10文字中9文字');
  });

  it("keeps the field's own hint before the counter", async () => {
    renderScreen(<Field hint="未定の場合は空欄" />);
    const input = await field();
    expect(description(input)).toBe('未定の場合は空欄 3 / 10');
  });
});
