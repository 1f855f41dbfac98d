import { describe, expect, it } from 'vitest';
import { wantsCompileHint } from './compile-hints.ts';

describe('compile hints for the code a select runs when first opened', () => {
  it("marks a chunk holding Mantine's combobox, popover or selects, or floating-ui, and no other", () => {
    expect(wantsCompileHint(['/x/src/a.tsx', '/x/node_modules/@mantine/core/esm/components/Combobox/Combobox.mjs'])).toBe(true);
    expect(wantsCompileHint(['C:\\x\\node_modules\\@mantine\\core\\esm\\components\\Popover\\use-popover.mjs'])).toBe(true);
    expect(wantsCompileHint(['/x/node_modules/@mantine/core/esm/components/Select/Select.mjs'])).toBe(true);
    expect(wantsCompileHint(['/x/node_modules/@floating-ui/dom/dist/floating-ui.dom.mjs'])).toBe(true);
    expect(wantsCompileHint(['/x/node_modules/@mantine/core/esm/components/Button/Button.mjs', '/x/src/app/router.tsx'])).toBe(false);
    expect(wantsCompileHint(['/x/node_modules/@mantine/core/esm/components/SelectLike/x.mjs'])).toBe(false);
    expect(wantsCompileHint([])).toBe(false);
  });
});
