import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { isTotpCode } from './totp-code.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

/**
 * A one-time code typed to confirm a two-factor step (setting it up, turning it off): checked
 * for shape before it is sent; a wrong code is shown on the field and cleared, any other
 * failure goes to `onOtherError`.
 */
export function useTotpCodeEntry(
  send: UseMutationResult<unknown, Error, string>,
  handlers: { onDone: () => void; onOtherError: (failure: Error) => void },
) {
  const { t } = useTranslation('portal');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!isTotpCode(code)) {
      setError(code === '' ? validationMessage.required(t('twoFactor.code')) : validationMessage.digits(t('twoFactor.code'), 6));
      return;
    }
    send.mutate(code, {
      onSuccess: handlers.onDone,
      onError: (failure) => {
        if (failure instanceof ApiError && (failure.code === 'TOTP_CODE_WRONG' || failure.field === 'code')) {
          setError(errorMessage(failure));
          setCode('');
          return;
        }
        handlers.onOtherError(failure);
      },
    });
  };

  /** For the code field: the typed code, and forgetting the last error as the user types. */
  const field = {
    value: code,
    onChange: (next: string) => {
      setCode(next);
      setError(null);
    },
    error,
  };
  return { submit, field };
}
