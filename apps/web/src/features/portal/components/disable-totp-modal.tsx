import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDisableTotp } from '../api/totp.ts';
import { isTotpCode } from './totp-code.ts';
import { TotpCodeInput } from './totp-code-input.tsx';

/** Turning two-factor sign-in off takes a current code; an agent that requires it refuses (409). */
export function DisableTotpModal({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['portal', 'common']);
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = () => {
    if (!isTotpCode(code)) {
      setError(t('twoFactor.codeFormat'));
      return;
    }
    disable.mutate(code, {
      onSuccess: onDone,
      onError: (failure) => {
        if (failure instanceof ApiError && (failure.code === 'TOTP_CODE_WRONG' || failure.field === 'code')) {
          setError(errorMessage(failure));
          setCode('');
          return;
        }
        setRefusal(errorMessage(failure));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('twoFactor.disableTitle')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form
        noValidate
        aria-label={t('twoFactor.disableTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.disableMessage')}</Text>
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <TotpCodeInput
            value={code}
            onChange={(next) => {
              setCode(next);
              setError(null);
            }}
            error={error}
            autoFocus
          />
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={onClose} disabled={disable.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoFactor.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
