import { useState } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDisableTotp } from '../api/totp.ts';
import { TotpCodeInput } from './totp-code-input.tsx';
import { useTotpCodeEntry } from './use-totp-code-entry.ts';

/** Turning two-factor sign-in off takes a current code; an agent that requires it refuses (409). */
export function DisableTotpModal({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['portal', 'common']);
  const disable = useDisableTotp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { submit, field } = useTotpCodeEntry(disable, { onDone, onOtherError: (failure) => setRefusal(errorMessage(failure)) });

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
          <TotpCodeInput {...field} autoFocus />
          <FormModalActions saving={disable.isPending} onCancel={onClose} submitLabel={t('twoFactor.disable')} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}
