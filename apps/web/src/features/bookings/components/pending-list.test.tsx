import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../../../test/render-screen.tsx';
import { waitFor } from '../../../test/screen.ts';
import { createListRequests, isListPending, PendingList } from './pending-list.tsx';

describe('whether a list shown is still the one asked for', () => {
  it('is pending from the click until the address shows the new search and while its rows are the previous ones', () => {
    expect(isListPending(null, 'page=1', false)).toBe(false);
    expect(isListPending({ from: 'page=1', to: 'page=2' }, 'page=1', false)).toBe(true);
    expect(isListPending({ from: 'page=1', to: 'page=2' }, 'page=2', true)).toBe(true);
    expect(isListPending({ from: 'page=1', to: 'page=2' }, 'page=2', false)).toBe(false);
  });

  it('is over when the address has moved on another way (back, a link)', () => {
    expect(isListPending({ from: 'page=1', to: 'page=2' }, 'page=5', false)).toBe(false);
  });
});

/** How often the list inside the frame has rendered (counted after each of its commits). */
let rowsRenders = 0;
function Rows() {
  useEffect(() => {
    rowsRenders += 1;
  });
  return <p>rows</p>;
}

describe('the list frame', () => {
  useScreenTests();

  it('dims the list under a progress bar in the click that asks for another page, without drawing the list again', async () => {
    const requests = createListRequests();
    renderScreen(
      <PendingList requests={requests} shown="page=1" placeholder={false}>
        <Rows />
      </PendingList>,
    );
    const frame = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="list-frame"]'));
    expect(frame.getAttribute('aria-busy')).toBe('false');
    expect(document.querySelector('[role="progressbar"]')).toBeNull();
    await waitFor(() => rowsRenders > 0);
    const before = rowsRenders;
    requests.ask({ from: 'page=1', to: 'page=2' });
    await waitFor(() => frame.getAttribute('aria-busy') === 'true');
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('読み込み中…');
    expect(rowsRenders).toBe(before);
  });
});
