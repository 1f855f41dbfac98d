/**
 * Colours of a seat drawn in an arrangement type's colour (spec 000 §3: text and border colours
 * derive from color_hex). WCAG 2.x relative luminance and contrast ratio; the specification's
 * threshold is 4.5 (spec 001 §9.1).
 */

/** The specification's contrast threshold (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5;

export type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved `amount` (0..1) of the way towards `target`. */
export function mix(hex: string, target: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(target);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

/**
 * A shade of `hue` (darker or lighter, whichever can reach it) with at least `min` contrast
 * against `against`. Keeps as much of the hue as it can; pure black or white as a last resort.
 */
export function readableShade(hue: string, against: string, min = MIN_CONTRAST): string {
  const towards = contrastRatio('#000000', against) >= contrastRatio('#ffffff', against) ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hue, towards, step / 20);
    if (contrastRatio(candidate, against) >= min) return candidate;
  }
  return towards;
}

export interface SeatColors {
  /** The arrangement type's own colour. */
  background: string;
  /** Label colour on the background: a shade of the same hue, contrast ≥ 4.5. */
  text: string;
  /** Outline colour: a shade of the same hue with contrast ≥ 4.5 against the surface it sits on. */
  border: string;
}

/** Background, text and border colours of a seat of an arrangement type drawn on `surface`. */
export function arrangementColors(colorHex: string, surface = '#ffffff'): SeatColors {
  const background = toHex(parseHex(colorHex));
  return {
    background,
    text: readableShade(background, background),
    border: readableShade(background, surface),
  };
}
