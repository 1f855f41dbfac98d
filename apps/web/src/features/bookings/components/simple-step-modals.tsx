import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_SPECIAL_NOTE } from '@sagano/domain/bookings/booking-constants';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { counted } from '../../../components/length-counter.tsx';
import { PRIORITY, parseCount } from '@sagano/domain/bookings/counts';
import { CountInput } from './count-input.tsx';
import type { BookingLabels } from './use-booking-labels.ts';
import { hasFullWidthDigits, validationMessage } from '../../../lib/validation-messages.ts';

function Actions({ onClose, busy, onSave }: { onClose: () => void; busy: boolean; onSave: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" gap="xs" mt="md">
      <Button variant="default" onClick={onClose} disabled={busy}>
        {t('actions.cancel')}
      </Button>
      <Button onClick={onSave} loading={busy}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}

export type SimpleStep = 'priority' | 'operator' | 'specialNote' | 'stations';

/** The small steps (priority, operator, special notes, stations), each a one-field modal. */
export function SimpleStepModal({
  step,
  booking,
  labels,
  busy,
  onClose,
  onSave,
}: {
  step: SimpleStep | null;
  booking: BookingResponse;
  labels: BookingLabels;
  busy: boolean;
  onClose: () => void;
  onSave: (step: SimpleStep, value: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation(['bookings', 'common']);
  const legs = booking.main_params.service_order.services;
  // The priority as typed; saved only when it is a whole number in range.
  const [priority, setPriority] = useState(String(booking.priority));
  const [priorityError, setPriorityError] = useState<string | null>(null);
  const [operator, setOperator] = useState(booking.operator_name);
  const [confirmNote, setConfirmNote] = useState(booking.main_params.confirmNote);
  const [voucherNote, setVoucherNote] = useState(booking.main_params.voucherNote);
  const [direction, setDirection] = useState(legs[0]?.direction ?? 'down');
  const leg = legs.find((l) => l.direction === direction);
  const [from, setFrom] = useState(String(leg?.from_station_id ?? ''));
  const [to, setTo] = useState(String(leg?.to_station_id ?? ''));
  const stations = labels.stationIds.map((id) => ({ value: String(id), label: labels.stationName(id) }));

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={step !== null} onClose={onClose} title={step ? t(`steps.${step}`) : ''} size="md">
      {step === 'priority' && (
        <CountInput
          label={t('steps.priorityLabel')}
          value={priority}
          onChange={(text) => {
            setPriority(text);
            setPriorityError(null);
          }}
          error={priorityError}
          data-autofocus
        />
      )}
      {step === 'operator' && <TextInput label={t('steps.operatorLabel')} value={operator} onChange={(e) => setOperator(e.currentTarget.value)} {...counted(operator, MAX_PERSON_NAME)} />}
      {step === 'specialNote' && (
        <Stack gap="sm">
          <Textarea label={t('detail.confirmNote')} autosize minRows={3} value={confirmNote} onChange={(e) => setConfirmNote(e.currentTarget.value)} {...counted(confirmNote, MAX_SPECIAL_NOTE)} />
          <Textarea label={t('detail.voucherNote')} autosize minRows={3} value={voucherNote} onChange={(e) => setVoucherNote(e.currentTarget.value)} {...counted(voucherNote, MAX_SPECIAL_NOTE)} />
        </Stack>
      )}
      {step === 'stations' && (
        <Stack gap="sm">
          <NativeSelect
            label={t('steps.direction')}
            data={legs.map((l) => ({ value: l.direction, label: t(`direction.${l.direction}`) }))}
            value={direction}
            onChange={(e) => {
              const next = legs.find((l) => l.direction === e.currentTarget.value);
              setDirection(next?.direction ?? 'down');
              setFrom(String(next?.from_station_id ?? ''));
              setTo(String(next?.to_station_id ?? ''));
            }}
          />
          <Group grow>
            <NativeSelect label={t('form.from')} data={stations} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <NativeSelect label={t('form.to')} data={stations} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </Group>
        </Stack>
      )}
      {step && (
        <Actions
          onClose={onClose}
          busy={busy}
          onSave={() => {
            if (step === 'priority') {
              const value = priority.trim() === '' ? null : parseCount(priority, PRIORITY);
              if (value === null) setPriorityError(hasFullWidthDigits(priority) ? validationMessage.halfWidthDigits(t('steps.priorityLabel')) : validationMessage.range(t('steps.priorityLabel'), PRIORITY.min, PRIORITY.max));
              else onSave(step, { priority: value });
            }
            if (step === 'operator') onSave(step, { operator_name: operator });
            if (step === 'specialNote') onSave(step, { confirm_note: confirmNote, voucher_note: voucherNote });
            if (step === 'stations') onSave(step, { direction, from_station_id: Number(from), to_station_id: Number(to) });
          }}
        />
      )}
    </Modal>
  );
}
