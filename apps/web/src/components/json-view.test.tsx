import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonView } from './json-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('JsonView', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  function show(value: unknown) {
    const host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    act(() =>
      root!.render(
        <MantineProvider>
          <JsonView label="リクエスト" value={value} emptyText="データなし" />
        </MantineProvider>,
      ),
    );
  }

  it('shows the value in a box the keyboard can reach, named by its caption', () => {
    show({ booking_id: 'B-1', quantity: 12 });
    const box = document.querySelector<HTMLElement>('[role="region"]')!;
    expect(box.tabIndex).toBe(0);
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('リクエスト');
    expect(JSON.parse(box.textContent!)).toEqual({ booking_id: 'B-1', quantity: 12 });
  });

  it('says there is nothing, without a box, when the value is absent', () => {
    show(null);
    expect(document.querySelector('[role="region"]')).toBeNull();
    expect(document.body.textContent).toContain('データなし');
  });
});
