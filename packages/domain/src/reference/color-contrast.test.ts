import { describe, expect, it } from 'vitest';
import { MIN_CONTRAST, arrangementColors, contrastRatio, mix, parseHex, readableShade, relativeLuminance, toHex } from './color-contrast.ts';

describe('colour contrast', () => {
  it('uses the specification threshold 4.5', () => {
    expect(MIN_CONTRAST).toBe(4.5);
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1);
  });

  it('parses, prints and mixes colours', () => {
    expect(parseHex('#2F9e44')).toEqual([47, 158, 68]);
    expect(toHex([47, 158, 68])).toBe('#2f9e44');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(() => parseHex('green')).toThrow();
  });

  it('finds a readable shade of the same hue, or black or white', () => {
    expect(contrastRatio(readableShade('#2f9e44', '#2f9e44'), '#2f9e44')).toBeGreaterThanOrEqual(4.5);
    expect(readableShade('#ffffff', '#ffffff')).not.toBe('#ffffff');
    expect(contrastRatio(readableShade('#495057', '#495057'), '#495057')).toBeGreaterThanOrEqual(4.5);
  });

  // The demo types plus extremes and mid-greys that are hardest to read on.
  const colours = ['#2f9e44', '#1c7ed6', '#f08c00', '#7048e8', '#868e96', '#495057', '#ffffff', '#000000', '#777777', '#808080', '#ffff00', '#ff0000', '#00ffff', '#123456'];
  for (const colour of colours) {
    it(`gives ${colour} text and border colours with contrast ≥ 4.5`, () => {
      const c = arrangementColors(colour);
      expect(c.background).toBe(colour.toLowerCase());
      expect(contrastRatio(c.text, c.background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(c.border, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(arrangementColors(colour, '#1a1b1e').border, '#1a1b1e')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    });
  }

  it('keeps the hue where it can (green text on green is a dark green, not black)', () => {
    const [r, g, b] = parseHex(arrangementColors('#2f9e44').text);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });
});
