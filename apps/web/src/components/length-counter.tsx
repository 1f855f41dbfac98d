import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "12 / 100" under a text field whose length the API limits; red at the limit. */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation('common');
  return (
    <Text component="span" size="xs" c={length >= max ? 'red.8' : 'dimmed'} aria-label={t('lengthCounterLabel', { length, max })} data-testid="length-counter">
      {t('lengthCounter', { length, max })}
    </Text>
  );
}

/**
 * The props that cap a text field at `max` characters (the limit of the domain schema) and show
 * the counter under it: spread after the field's own props, `{...counted(value, MAX)}`. A field's
 * own hint (`hint`) goes under it too, before the counter.
 */
export function counted(value: string | null | undefined, max: number, hint?: ReactNode) {
  const counter = <LengthCounter length={(value ?? '').length} max={max} />;
  return {
    maxLength: max,
    description: hint ? (
      <>
        {hint} {counter}
      </>
    ) : (
      counter
    ),
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
}
