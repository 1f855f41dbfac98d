import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../../../test/render-screen.tsx';
import { waitFor } from '../../../test/screen.ts';
import SalesChart from './sales-chart.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom lays nothing out: this ResizeObserver reports every observed box 600 px wide, as a browser would the chart's frame. */
class WideResizeObserver {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element): void {
    const contentRect = { x: 0, y: 0, top: 0, left: 0, bottom: 240, right: 600, width: 600, height: 240 } as DOMRectReadOnly;
    this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve(): void {}
  disconnect(): void {}
}

const SERIES = [
  { name: 'fare' as const, color: 'blue.6', label: '運賃' },
  { name: 'discrepancy' as const, color: 'orange.6', label: '差額' },
  { name: 'cancellation_fee' as const, color: 'red.6', label: '取消料' },
];

/** The texts of the hover figures on show (each column's is kept, hidden, while the pointer is elsewhere). */
const shown = () => [...document.querySelectorAll<HTMLElement>('[role="tooltip"]')].filter((t) => t.style.display !== 'none').map((t) => t.textContent ?? '');
/** The columns that answer the pointer (one per bar, the whole plot's height). */
const columns = () => [...document.querySelectorAll('svg rect[fill="transparent"]')];

describe('SalesChart: one column per row, told apart by key', () => {
  useScreenTests();
  let saved: typeof window.ResizeObserver;
  beforeEach(() => {
    saved = window.ResizeObserver;
    window.ResizeObserver = WideResizeObserver as unknown as typeof window.ResizeObserver;
  });
  afterEach(() => {
    window.ResizeObserver = saved;
  });

  it('draws two trains of one name as two columns, each hover showing its own figures', async () => {
    // Two services named alike (a train renamed, or a second timetable's): their bars must not share a column.
    const data = [
      { key: '3', label: 'トロッコ1号', fare: 120_000, discrepancy: 0, cancellation_fee: 0 },
      { key: '9', label: 'トロッコ1号', fare: 45_000, discrepancy: 0, cancellation_fee: 0 },
    ];
    renderScreen(<SalesChart h={240} data={data} series={SERIES} valueFormatter={(v) => `${v.toLocaleString('ja-JP')}円`} />);
    await waitFor(() => columns().length === 2);
    const [first, second] = columns();
    const x = (rect: Element) => Number(rect!.getAttribute('x'));
    expect(x(second!)).toBeGreaterThan(x(first!) + Number(first!.getAttribute('width')) - 1);
    // Each column's fare bar sits inside its own column.
    const fareBars = [...document.querySelectorAll('rect[data-bar="fare"]')];
    expect(fareBars).toHaveLength(2);
    expect(Number(fareBars[1]!.getAttribute('x'))).toBeGreaterThan(x(second!) - 1);
    // Hovering each column shows that row's figures.
    expect(shown()).toEqual([]);
    for (const [column, fare] of [
      [first!, '120,000円'],
      [second!, '45,000円'],
    ] as const) {
      act(() => {
        column.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, clientX: 10, clientY: 10 }));
        column.dispatchEvent(new MouseEvent('mouseenter', { bubbles: false, clientX: 10, clientY: 10 }));
      });
      await waitFor(() => shown().length === 1 && shown()[0]!.includes(`運賃: ${fare}`));
      act(() => {
        column.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
        column.dispatchEvent(new MouseEvent('mouseleave', { bubbles: false }));
      });
      await waitFor(() => shown().length === 0);
    }
  });
});
