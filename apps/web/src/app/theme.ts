import { createTheme, DEFAULT_THEME, defaultVariantColorsResolver, type CSSVariablesResolver, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';

// A deep forest green, after the Hozu gorge the line runs through; calm for long office use.
// Required inputs: the asterisk comes from CSS (global.css) instead of Mantine's text node.
// Plain theme entries (what Component.extend() returns): importing the components themselves would
// put the date picker and every input in the first download of the login page.
const requiredAware = {
  defaultProps: { withAsterisk: false },
  classNames: (_theme: unknown, props: { required?: boolean }) => ({ label: props.required ? 'sagano-required-label' : '' }),
};

/** Selects: options made when the list opens, the list scrolling natively (see components below); `required` as the text inputs take it. */
const optionList = {
  defaultProps: { ...requiredAware.defaultProps, comboboxProps: { keepMounted: false, preventPositionChangeWhenVisible: false }, withScrollArea: false },
  classNames: (theme: unknown, props: { required?: boolean }) => ({ ...requiredAware.classNames(theme, props), options: 'sagano-options-list' }),
};

const sagano: MantineColorsTuple = [
  '#ebf7f0',
  '#d8ebe0',
  '#b0d6c1',
  '#84c09f',
  '#60ad83',
  '#49a171',
  '#3c9b67',
  '#2d8756',
  '#22784b',
  '#0f683d',
];

/** Palettes whose filled shade is too light under white text (teal 3.9:1, orange 3.5:1 …). */
const PALE_FILLS = new Set(['teal', 'green', 'orange', 'yellow', 'lime', 'cyan']);
const darker = (color: string) => `color-mix(in srgb, ${color} 78%, black)`;

/**
 * The palette's shade that writes at 4.5:1 or more on white, on the striped rows and on its own
 * light tint: the 9, darkened for the pale palettes (orange.9 is 4.3:1 on white), yellow the most
 * (its darkened 9 was 4.2:1 on its tint).
 */
function readable(color: string): string {
  const shade = `var(--mantine-color-${color}-9)`;
  if (color === 'yellow') return `color-mix(in srgb, ${shade} 68%, black)`;
  return PALE_FILLS.has(color) ? darker(shade) : shade;
}
const NAMED_COLORS = [...Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'gray' && c !== 'dark'), 'sagano'];

/**
 * Badges, alerts and buttons in a named colour reach 4.5:1: light variants write in a shade darker
 * than the palette's 9 (orange on its tint was 3.6:1, teal 4.3:1), and the pale palettes' filled
 * variant is darkened under its white text.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const color = input.color ?? input.theme.primaryColor;
  if (!/^[a-z]+$/.test(color) || color === 'gray' || color === 'dark' || !(color in input.theme.colors)) return resolved;
  if (input.variant === 'light') return { ...resolved, color: color === 'yellow' ? readable(color) : darker(`var(--mantine-color-${color}-9)`) };
  // Subtle buttons (a row's 削除) write in the palette's 9 rather than its 6 (red.6 is 3.4:1 on white).
  // Darker again so that the hover tint under it (the light variant's) keeps 4.5:1 (teal 9 on it: 4.3:1).
  if (input.variant === 'subtle') return { ...resolved, color: darker(`var(--mantine-color-${color}-9)`) };
  if ((input.variant ?? 'filled') === 'filled' && PALE_FILLS.has(color)) return { ...resolved, background: darker(resolved.background), hover: darker(resolved.hover) };
  return resolved;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'sagano',
  primaryShade: { light: 8, dark: 6 },
  colors: { sagano },
  fontFamily:
    '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    Table: {
      defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm', striped: true, highlightOnHover: true },
    },
    // A wide table scrolls sideways in a plain overflow box: Mantine's ScrollArea measured itself
    // in effects and rendered again after mount (a blocked task on a phone's first paint of a booking).
    // It takes the keyboard's focus so that a keyboard alone can scroll it (WCAG 2.1.1; axe's
    // scrollable-region-focusable, met at phone width where every wide table scrolls).
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
    // An open menu's focus goes to its first item, as menus do: Mantine's own focus placeholder is a
    // role="presentation" element inside role="menu", which a menu may not hold (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    TextInput: requiredAware,
    PasswordInput: requiredAware,
    Textarea: requiredAware,
    NativeSelect: requiredAware,
    RadioGroup: requiredAware,
    NumberInput: requiredAware,
    // Mantine 9's Combobox keeps a closed list's options mounted (hidden): the ~250 countries of
    // one select cost the booking list's first render and every re-render of the create form. The
    // options are made when the list opens. An open list scrolls natively (global.css) instead of
    // in Mantine's ScrollArea, which measured itself and drew twice more after opening (the
    // country list's click, 4x slowed: 280 -> 232 ms). An open list may change sides while it is
    // open (`preventPositionChangeWhenVisible: false`): Mantine 9's default locks the side once
    // placed, which costs a render more and floating-ui's whole positioning again, with a
    // synchronous React commit, in the click that opens the list (the country list's click, 4x
    // slowed, median of 18 taking turns: 136 -> 112 ms).
    Select: optionList,
    MultiSelect: optionList,
    Autocomplete: optionList,
    // A badge says a status or a kind in a word or two and is read whole: Mantine's cuts its words
    // with an ellipsis once its row or cell is narrow (a phone's tables: 反映済み in 10 px). It keeps
    // its width; the row wraps or the table scrolls sideways instead.
    Badge: { styles: { root: { minWidth: 'max-content', flexShrink: 0 } } },
    // A toast's message under its title in the readable grey (Mantine writes it in gray.6: 3.3:1).
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    Modal: { defaultProps: { centered: true }, styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/**
 * Secondary text (c="dimmed": captions, the menu's group headings) in a grey that reads at 4.5:1 or
 * more on white and on the striped rows (Mantine's gray.6 gives 3.3:1); a field's error message and
 * red border in red.9 (Mantine's red.6 gives 3.4:1 under a field, below AA for small text).
 * Text in a named colour (c="red", c="teal"), outline badges and links write in the palette's
 * readable shade (Mantine writes them in the primary shade 8: red 4.3:1 on a striped row, teal
 * 3.9:1, orange outline 3.4:1; a link on a blue alert 4.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-sagano-9)',
    ...Object.fromEntries(NAMED_COLORS.flatMap((c) => [[`--mantine-color-${c}-text`, readable(c)], [`--mantine-color-${c}-outline`, readable(c)]])),
  },
  dark: {},
});
