import { arrangementColors } from '@sagano/domain/reference/color-contrast';
import classes from './seat-map.module.css';

export interface SeatMapLegendItem {
  key: string | number;
  label: string;
  /** The colour seats of this item are drawn in (an arrangement type's color_hex). */
  colorHex: string;
  /** Shown after the label, e.g. the number of seats. */
  count?: number | string;
}

/** The colour key of a seat map; with onPick the items become toggle buttons (pick a type to paint). */
export function SeatMapLegend({
  items,
  activeKey,
  onPick,
  label,
}: {
  items: readonly SeatMapLegendItem[];
  activeKey?: string | number | null;
  onPick?: (key: string | number) => void;
  label: string;
}) {
  return (
    <div className={classes.legend} role={onPick ? 'toolbar' : 'list'} aria-label={label}>
      {items.map((item) => {
        const c = arrangementColors(item.colorHex);
        const swatch = <span className={classes.swatch} style={{ background: c.background, borderColor: c.border }} aria-hidden />;
        const text = (
          <span>
            {item.label}
            {item.count !== undefined && <span style={{ marginLeft: 6, fontVariantNumeric: 'tabular-nums' }}>{item.count}</span>}
          </span>
        );
        return onPick ? (
          <button key={item.key} type="button" className={classes.legendItem} aria-pressed={activeKey === item.key} onClick={() => onPick(item.key)}>
            {swatch}
            {text}
          </button>
        ) : (
          <span key={item.key} className={classes.legendItem} role="listitem">
            {swatch}
            {text}
          </span>
        );
      })}
    </div>
  );
}
