import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A whole-number field that keeps exactly what was typed ("-5", "3.5", "1e3" stay as they are):
 * the form reads it with parseCount and shows the allowed range when it is not a valid count.
 * (Mantine's NumberInput would drop or clamp such input instead.)
 */
export function CountInput({ value, onChange, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: number | string; onChange: (text: string) => void }) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      value={String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
