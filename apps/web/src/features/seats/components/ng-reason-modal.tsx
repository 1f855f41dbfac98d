import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_SEAT_NG_REASON } from '@sagano/domain/seats/seat-limits';
import { counted } from '../../../components/length-counter.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

/** 座席指定NG: asks for the reason (required; kept on the booking and shown to staff). */
export function NgReasonModal({ loading, onClose, onSubmit }: { loading: boolean; onClose: () => void; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation(['seats', 'common']);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === '';
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened onClose={onClose} title={t('assign.ngTitle')} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!empty) onSubmit(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('assign.ngMessage')}</Text>
          <Textarea
            label={t('assign.ngReason')}
            placeholder={t('assign.ngReasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && empty ? validationMessage.required(t('assign.ngReason')) : undefined}
            {...counted(reason, MAX_SEAT_NG_REASON)}
            autosize
            minRows={3}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('common:actions.close')}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {t('assign.ngSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
