import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { labelText } from '@sagano/domain/common/label-text';
import { arrangementColors } from '@sagano/domain/reference/color-contrast';
import type { Car, Seat } from '@sagano/domain/reference/reference-schemas';
import { carLayout, columnOf } from './seat-map-layout.ts';
import { SeatMapLegend, type SeatMapLegendItem } from './seat-map-legend.tsx';
import classes from './seat-map.module.css';

/** How one seat is shown. Every field is optional: a seat without `fill` is drawn as "no type yet". */
export interface SeatView {
  /** Background colour (an arrangement type's color_hex); text and border derive from it (contrast ≥ 4.5). */
  fill?: string;
  /** What the colour means, read out in the seat's label (団体, Individual ...). */
  typeName?: string;
  /** held: striped; assigned: ringed; both are read out. */
  state?: 'free' | 'held' | 'assigned';
  /** Short text in a corner, e.g. a booking's initials or a count. */
  badge?: string;
  /** Extra words for the seat's accessible label (a group name ...). */
  note?: string;
  disabled?: boolean;
}

export interface StandingView {
  count: number;
  fill?: string;
  typeName?: string;
  /** Replaces the default "立席 20" text, e.g. "立席 残り 12 / 20". */
  text?: string;
}

const NO_SEATS: ReadonlySet<string> = new Set();

export interface SeatMapProps {
  /** The cars as GET /v1/trains gives them, in train order. */
  cars: readonly Car[];
  /** Per seat_id, how to show the seat. */
  seats?: Readonly<Record<string, SeatView | undefined>>;
  /** Seats drawn as selected (a red ring). */
  selected?: ReadonlySet<string>;
  /** A click (or Enter/Space) on one seat. Without it and without onSeatsSweep the map is read-only. */
  onSeatClick?: (seatId: string) => void;
  /** A drag across seats with the mouse: every seat passed over, in order, once the button is released. */
  onSeatsSweep?: (seatIds: string[]) => void;
  /** Standing places per logical_car_id; cars with standing_capacity and no entry show the capacity. */
  standing?: Readonly<Record<number, StandingView | undefined>>;
  /** The colour key shown above the train. */
  legend?: readonly SeatMapLegendItem[];
  activeLegendKey?: string | number | null;
  onLegendPick?: (key: string | number) => void;
  /** Accessible name of the whole map. */
  label?: string;
}

/** What a seat button shows that does not change with the selection: computed once per map. */
interface SeatLook {
  label: string;
  className: string;
  style: CSSProperties;
  badge?: string;
  disabled?: boolean;
}

interface SeatHandlers {
  interactive: boolean;
  onPointerDown: (e: ReactPointerEvent, seatId: string) => void;
  onPointerEnter: (seatId: string) => void;
  onClick: (seatId: string) => void;
}

const EMPTY_STYLE: CSSProperties = { color: '#495057', borderColor: '#868e96' };

/**
 * One seat. Memoised on plain props: a click re-renders only the seats whose ring changes, not the
 * ~300 of the train (each with its label and colours) as it did.
 */
const SeatButton = memo(function SeatButton({ seat, look, selected, handlers }: { seat: Seat; look: SeatLook; selected: boolean; handlers: SeatHandlers }) {
  const { interactive, onPointerDown, onPointerEnter, onClick } = handlers;
  return (
    <button
      type="button"
      className={selected ? `${look.className} ${classes.seatSelected}` : look.className}
      style={look.style}
      aria-label={look.label}
      aria-pressed={interactive ? selected : undefined}
      data-seat-id={seat.seat_id}
      data-badge={look.badge}
      disabled={look.disabled}
      tabIndex={interactive ? 0 : -1}
      onPointerDown={(e) => onPointerDown(e, seat.seat_id)}
      onPointerEnter={() => onPointerEnter(seat.seat_id)}
      onClick={() => onClick(seat.seat_id)}
    >
      {seat.is_wheelchair ? <IconWheelchair size={15} stroke={2.2} aria-hidden /> : `${seat.row}${seat.letter}`}
    </button>
  );
});

/** The labels, classes and colours of every seat of the cars; colours are derived once per fill. */
function seatLooks(cars: readonly Car[], views: SeatMapProps['seats'], t: TFunction<'seatMap'>): Map<string, SeatLook> {
  const colorsOf = new Map<string, ReturnType<typeof arrangementColors>>();
  const texts = { noType: t('noType'), wheelchair: t('wheelchair'), held: t('held'), assigned: t('assigned') };
  const looks = new Map<string, SeatLook>();
  for (const car of cars) {
    for (const seat of car.seats) {
      const view = views?.[seat.seat_id];
      let colors: ReturnType<typeof arrangementColors> | undefined;
      if (view?.fill) {
        colors = colorsOf.get(view.fill);
        if (!colors) colorsOf.set(view.fill, (colors = arrangementColors(view.fill)));
      }
      const parts = [t('seatName', { car: car.car_number, seat: `${seat.row}${seat.letter}` }), view?.typeName ?? texts.noType];
      if (seat.is_wheelchair) parts.push(texts.wheelchair);
      if (view?.state === 'held') parts.push(texts.held);
      if (view?.state === 'assigned') parts.push(texts.assigned);
      if (view?.note) parts.push(view.note);
      looks.set(seat.seat_id, {
        label: parts.join(' '),
        className: [classes.seat, !colors && classes.seatEmpty, view?.state === 'held' && classes.seatHeld, view?.state === 'assigned' && classes.seatAssigned].filter(Boolean).join(' '),
        style: colors ? { background: colors.background, color: colors.text, borderColor: colors.border } : EMPTY_STYLE,
        badge: view?.badge,
        disabled: view?.disabled,
      });
    }
  }
  return looks;
}

interface CarViewProps {
  car: Car;
  looks: ReadonlyMap<string, SeatLook>;
  standingView: StandingView | undefined;
  selected: ReadonlySet<string> | undefined;
  sweeping: ReadonlySet<string>;
  handlers: SeatHandlers;
}

/**
 * A car renders again only when its own seats' rings change: a click on one seat (a new selection
 * set for the whole train) leaves the other cars, with their ~70 seat cells each, as they are.
 */
function sameCar(prev: CarViewProps, next: CarViewProps): boolean {
  if (prev.car !== next.car || prev.looks !== next.looks || prev.standingView !== next.standingView || prev.handlers !== next.handlers) return false;
  if (prev.selected === next.selected && prev.sweeping === next.sweeping) return true;
  return prev.car.seats.every((s) => Boolean(prev.selected?.has(s.seat_id) || prev.sweeping.has(s.seat_id)) === Boolean(next.selected?.has(s.seat_id) || next.sweeping.has(s.seat_id)));
}

const CarView = memo(function CarView({
  car,
  looks,
  standingView,
  selected,
  sweeping,
  handlers,
}: CarViewProps) {
  const { t, i18n } = useTranslation('seatMap');
  const layout = useMemo(() => carLayout(car), [car]);
  const standing = standingView ?? (car.standing_capacity > 0 ? { count: car.standing_capacity } : undefined);
  const standingColors = standing?.fill ? arrangementColors(standing.fill) : undefined;
  const aisleCol = 2 + layout.left.length;
  const name = labelText(car.name, i18n.language);
  const seatCount = car.seats.length;
  return (
    <section className={[classes.car, car.is_rich && classes.carRich].filter(Boolean).join(' ')} aria-label={name}>
      <div className={classes.carHeader}>
        {name}
      </div>
      <div className={classes.carSub}>{t('seatCount', { count: seatCount })}</div>
      <div className={classes.door} aria-hidden />
      <div className={classes.letters} aria-hidden>
        <span />
        {layout.left.map((l) => (
          <span key={l}>{l}</span>
        ))}
        <span />
        {layout.right.map((l) => (
          <span key={l}>{l}</span>
        ))}
      </div>
      {layout.blocks.map((block) => (
        <div key={block.rows.join('-')} className={classes.box} style={{ gridTemplateRows: `repeat(${block.rows.length}, auto)` }}>
          {block.groups.map((g) => (
            <div
              key={g.id}
              className={classes.tray}
              style={{ gridColumn: `${g.colFrom} / ${g.colTo + 1}`, gridRow: `${g.rowFrom} / ${g.rowTo + 1}` }}
              aria-hidden
            />
          ))}
          {block.rows.map((row, i) => (
            <span key={`r${row}`} className={classes.rowNumber} style={{ gridColumn: 1, gridRow: i + 1 }} aria-hidden>
              {row}
            </span>
          ))}
          <span className={classes.aisle} style={{ gridColumn: aisleCol, gridRow: `1 / ${block.rows.length + 1}` }} aria-hidden />
          {block.seats.map((seat) => (
            <div key={seat.seat_id} style={{ gridColumn: columnOf(layout, seat.letter), gridRow: block.rows.indexOf(seat.row) + 1, display: 'flex' }}>
              <SeatButton seat={seat} look={looks.get(seat.seat_id)!} selected={Boolean(selected?.has(seat.seat_id) || sweeping.has(seat.seat_id))} handlers={handlers} />
            </div>
          ))}
        </div>
      ))}
      {standing && (
        <div
          className={classes.standing}
          style={standingColors ? { background: standingColors.background, color: standingColors.text, borderColor: standingColors.border } : { borderColor: '#868e96' }}
          aria-label={[t('standingLabel', { car: car.car_number, count: standing.count }), standing.typeName].filter(Boolean).join(' ')}
          role="note"
        >
          {standing.text ?? t('standing', { count: standing.count })}
        </div>
      )}
      <div className={classes.door} style={{ marginTop: 'auto' }} aria-hidden />
    </section>
  );
}, sameCar);

/**
 * The train drawn car by car as seen from above: boxes of four on each side of the aisle,
 * wheelchair places marked, The Rich car in gold, standing places as a count. Seats are buttons
 * (click, Enter/Space) and can be swept with the mouse to act on many at once.
 */
export function SeatMap(props: SeatMapProps) {
  const { t } = useTranslation('seatMap');
  const { cars, seats, onSeatClick, onSeatsSweep } = props;
  const interactive = Boolean(onSeatClick || onSeatsSweep);
  const drag = useRef<string[] | null>(null);
  const suppressClick = useRef(false);
  const [sweeping, setSweeping] = useState<ReadonlySet<string>>(NO_SEATS);
  // The callers' latest callbacks, so the seats' handlers stay the same object from render to render.
  const latest = useRef({ onSeatClick, onSeatsSweep });
  useLayoutEffect(() => {
    latest.current = { onSeatClick, onSeatsSweep };
  });
  const looks = useMemo(() => seatLooks(cars, seats, t), [cars, seats, t]);

  const finish = useCallback(() => {
    const swept = drag.current;
    drag.current = null;
    if (!swept) return;
    // A press on one seat is a click: nothing was drawn as swept, nothing to clear.
    if (swept.length > 1) setSweeping(NO_SEATS);
    if (swept.length > 1 && latest.current.onSeatsSweep) {
      latest.current.onSeatsSweep(swept);
      // The click that may follow the release belongs to the sweep.
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 0);
    }
  }, []);

  useEffect(() => {
    window.addEventListener('pointerup', finish);
    return () => window.removeEventListener('pointerup', finish);
  }, [finish]);

  const sweepable = Boolean(onSeatsSweep);
  const handlers = useMemo<SeatHandlers>(
    () => ({
      interactive,
      onPointerDown: (e, seatId) => {
        if (!sweepable || e.button !== 0 || e.pointerType === 'touch') return;
        drag.current = [seatId];
      },
      onPointerEnter: (seatId) => {
        if (!drag.current || drag.current.includes(seatId)) return;
        drag.current.push(seatId);
        setSweeping(new Set(drag.current));
      },
      onClick: (seatId) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        latest.current.onSeatClick?.(seatId);
      },
    }),
    [interactive, sweepable],
  );

  return (
    <div>
      {props.legend && (
        <div style={{ marginBottom: 10 }}>
          <SeatMapLegend items={props.legend} activeKey={props.activeLegendKey} onPick={props.onLegendPick} label={t('legend')} />
        </div>
      )}
      {/* Scrolls sideways on a phone: focusable, so that a keyboard alone can scroll it. */}
      <div className={classes.train} role="group" aria-label={props.label ?? t('label')} tabIndex={0}>
        {props.cars.map((car, i) => (
          <div key={car.logical_car_id} style={{ display: 'flex', alignItems: 'stretch' }}>
            {i > 0 && <div className={classes.coupler} aria-hidden />}
            <CarView car={car} looks={looks} standingView={props.standing?.[car.logical_car_id]} selected={props.selected} sweeping={sweeping} handlers={handlers} />
          </div>
        ))}
      </div>
    </div>
  );
}
