import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizeTotpCode } from './totp-code.ts';

/** The 6-digit one-time code: digits only, the phone's number pad, the browser's one-time-code fill. */
export function TotpCodeInput({
  value,
  onChange,
  error,
  autoFocus = false,
  disabled = false,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('portal');
  return (
    <TextInput
      label={t('twoFactor.code')}
      description={t('twoFactor.codeDescription')}
      value={value}
      onChange={(e) => onChange(normalizeTotpCode(e.currentTarget.value))}
      error={error}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      required
      autoFocus={autoFocus}
      disabled={disabled}
      w={220}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em', fontSize: 'var(--mantine-font-size-lg)' } }}
    />
  );
}
