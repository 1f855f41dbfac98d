/**
 * On the change form of a booking that has not changed its trains yet (update_count 0): the
 * trains can be changed only once, and when the form's trains differ from the booking's, the
 * agent (or staff) ticks that they know it before going on.
 */
import { useState } from 'react';
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { trainsDiffer } from '@sagano/domain/bookings/change-comparison';
import { toCreateBody, type BookingFormState } from './booking-form-state.ts';
import type { BookingLabels } from './use-booking-labels.ts';

function formTrainsDiffer(values: BookingFormState, booking: BookingResponse, labels: BookingLabels): boolean {
  const order = toCreateBody(values, labels.units).service_order;
  const before = booking.main_params.service_order.services.map((s) => ({
    direction: s.direction,
    service_date: s.service_day,
    service_id: s.service_id,
    service_name: [],
    from_station_id: s.from_station_id,
    to_station_id: s.to_station_id,
  }));
  const after = (['down', 'up'] as const).flatMap((direction) => {
    const choice = direction === 'down' ? order.down_service : order.up_service;
    return choice ? [{ direction, service_date: choice.service_date, service_id: Number(choice.service_id), service_name: [], from_station_id: Number(choice.from_station_id), to_station_id: Number(choice.to_station_id) }] : [];
  });
  return trainsDiffer(before, after);
}

/** The notice (null when it does not apply) and `check`, which the form's submit calls: false stops it. */
export function useTrainChangeOnce(values: BookingFormState, booking: BookingResponse | undefined, labels: BookingLabels) {
  const { t } = useTranslation('bookings');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState(false);
  const applies = values.update_of !== null && booking !== undefined && booking.main_params.service_order.update_count === 0;
  const differs = applies && formTrainsDiffer(values, booking, labels);
  const notice = applies ? (
    <Stack gap="xs" mt="sm" data-testid="train-change-once">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('trainChangeOnce.title')}>
        <Text size="sm">{t('trainChangeOnce.message')}</Text>
      </Alert>
      {differs && (
        <Checkbox
          id="train-change-once-confirm"
          label={t('trainChangeOnce.confirm')}
          checked={checked}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            setError(false);
          }}
          // The palette's error red is 3.3:1 on white: the message is written in a darker red.
          error={error ? <Text component="span" size="xs" c="red.9">{t('trainChangeOnce.required')}</Text> : undefined}
          aria-required
          data-testid="train-change-once-confirm"
        />
      )}
    </Stack>
  ) : null;
  const check = () => {
    if (!differs || checked) return true;
    setError(true);
    requestAnimationFrame(() => document.getElementById('train-change-once-confirm')?.focus());
    return false;
  };
  return { notice, check };
}
