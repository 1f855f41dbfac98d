import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Car, Seat } from '@sagano/domain/reference/reference-schemas';
import { initI18n } from '../../lib/i18n.ts';
import { carLayout, columnOf } from './seat-map-layout.ts';
import { SeatMap } from './seat-map.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function car(n: number, rows: number, standing = 0): Car {
  const seats: Seat[] = [];
  for (let row = 1; row <= rows; row++) {
    for (const letter of ['A', 'B', 'C', 'D']) {
      const side = letter < 'C' ? 'AB' : 'CD';
      seats.push({
        seat_id: `${n}-${row}${letter}`,
        logical_car_id: n,
        seat_group_id: `${n}-${String(Math.ceil(row / 2)).padStart(2, '0')}${side}`,
        row,
        letter,
        is_wheelchair: n === 3 && row <= 2 && side === 'AB',
        labels: [],
      });
    }
  }
  return { logical_car_id: n, physical_car_id: `SK${n}`, car_number: n, name: [{ language_id: 'ja', text: `${n}号車` }], is_rich: n === 5, standing_capacity: standing, seats };
}

describe('seat map layout', () => {
  it('puts A B left of the aisle and C D right, and draws facing rows as one box', () => {
    const layout = carLayout(car(1, 16));
    expect(layout.left).toEqual(['A', 'B']);
    expect(layout.right).toEqual(['C', 'D']);
    expect(columnOf(layout, 'A')).toBe(2);
    expect(columnOf(layout, 'D')).toBe(6);
    expect(layout.blocks).toHaveLength(8);
    expect(layout.blocks[0]!.rows).toEqual([1, 2]);
    expect(layout.blocks[0]!.groups).toEqual([
      { id: '1-01AB', rowFrom: 1, rowTo: 2, colFrom: 2, colTo: 3 },
      { id: '1-01CD', rowFrom: 1, rowTo: 2, colFrom: 5, colTo: 6 },
    ]);
  });

  it('draws seats without a group one row at a time', () => {
    const loose = car(2, 3);
    for (const s of loose.seats) s.seat_group_id = null;
    expect(carLayout(loose).blocks.map((b) => b.rows)).toEqual([[1], [2], [3]]);
  });
});

describe('SeatMap', () => {
  let root: Root | undefined;
  let container: HTMLDivElement;
  beforeAll(async () => {
    await initI18n('ja');
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });

  function render(ui: React.ReactNode) {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() => root!.render(<MantineProvider>{ui}</MantineProvider>));
    return container;
  }

  it('names every seat with car, seat and type, marks wheelchair places and shows standing places', () => {
    const cars = [car(3, 2), car(5, 2, 20)];
    const el = render(
      <SeatMap
        cars={cars}
        seats={{ '3-1C': { fill: '#2f9e44', typeName: '団体' }, '3-2D': { fill: '#1c7ed6', typeName: '個人', state: 'held' } }}
        standing={{ 5: { count: 20, fill: '#868e96', typeName: '立席' } }}
      />,
    );
    const labels = [...el.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(labels).toContain('3号車 1C 団体');
    expect(labels).toContain('3号車 2D 個人 確保済み');
    expect(labels).toContain('3号車 1A 枠未設定 車いすスペース');
    expect(labels).toHaveLength(16);
    expect(el.querySelector('[role="note"]')?.getAttribute('aria-label')).toBe('5号車 立席 20名 立席');
    const seat = el.querySelector<HTMLButtonElement>('[data-seat-id="3-1C"]')!;
    expect(seat.style.background).toBe('rgb(47, 158, 68)');
  });

  it('reports a click on one seat and a sweep across several', () => {
    const onSeatClick = vi.fn();
    const onSeatsSweep = vi.fn();
    const el = render(<SeatMap cars={[car(1, 2)]} onSeatClick={onSeatClick} onSeatsSweep={onSeatsSweep} selected={new Set(['1-1A'])} />);
    const button = (id: string) => el.querySelector<HTMLButtonElement>(`[data-seat-id="${id}"]`)!;
    act(() => button('1-2B').click());
    expect(onSeatClick).toHaveBeenCalledWith('1-2B');
    expect(button('1-1A').getAttribute('aria-pressed')).toBe('true');

    act(() => {
      button('1-1A').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
    });
    act(() => {
      button('1-1B').dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
      button('1-1C').dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    });
    act(() => {
      window.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    });
    expect(onSeatsSweep).toHaveBeenCalledWith(['1-1A', '1-1B', '1-1C']);
  });
});
