import {
  NativeSelect,
  PasswordInput,
  RadioGroup,
  TextInput,
  Textarea,
  createTheme,
  type MantineColorsTuple,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';

// A deep forest green, after the Hozu gorge the line runs through; calm for long office use.
// Required inputs: the asterisk comes from CSS (global.css) instead of Mantine's text node.
const requiredLabel = { defaultProps: { withAsterisk: false } } as const;
const labelClass = (required: boolean | undefined) => ({ label: required ? 'sagano-required-label' : '' });

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

export const theme = createTheme({
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
    TextInput: TextInput.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    PasswordInput: PasswordInput.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    Textarea: Textarea.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    NativeSelect: NativeSelect.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    DateInput: DateInput.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    RadioGroup: RadioGroup.extend({ ...requiredLabel, classNames: (_theme, props) => labelClass(props.required) }),
    Modal: { defaultProps: { centered: true }, styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});
