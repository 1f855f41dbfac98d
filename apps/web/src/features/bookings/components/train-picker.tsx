import { Alert, Group, NativeSelect, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBooking } from '../api/get-booking.ts';
import { useDayTrains } from '../api/get-day-trains.ts';
import { ServiceDateInput } from './service-date-input.tsx';
import { ownHeld } from './use-leg-vacancies.ts';
import { legDate, tripLegs, type BookingFormState, type TripLeg } from './booking-form-state.ts';
import type { BookingLabels } from './use-booking-labels.ts';
import { LiveField } from './live-field.tsx';

function LegTrainSelect({ form, leg, labels, legKey, locked }: { form: UseFormReturnType<BookingFormState>; leg: TripLeg; labels: BookingLabels; legKey: 'outbound' | 'return'; locked: boolean }) {
  const { t } = useTranslation('bookings');
  const date = legDate(form.values, leg);
  const trains = useDayTrains(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null, leg.from, leg.to);
  const own = useBooking(form.values.update_of ?? '', { enabled: form.values.update_of !== null });
  const field = leg.direction === 'down' ? 'down_service_id' : 'up_service_id';
  const services = (trains.data?.services ?? []).filter((s) => s.direction === leg.direction);
  const value = form.values[field];
  // One figure: the vacancy the form's note and the confirmation read (a change adds back its own seats).
  const options = services.map((s) => {
    const name = labels.label(s.service_names);
    const times = { name, departure: s.departure_hhmm ?? '—', arrival: s.arrival_hhmm ?? '—' };
    return s.bookable
      ? {
          value: String(s.service_id),
          label: t('form.trainOption', { ...times, vacant: s.vacant_seats + ownHeld(own.data, leg.direction, date, s.service_id), level: t(`form.levels.${s.allotment_level}`) }),
        }
      : { value: String(s.service_id), label: t('form.trainUnbookable', { ...times, reason: t(`form.unbookable.${s.unbookable_reason ?? 'SUSPENDED'}`) }), disabled: true };
  });
  const chosenKnown = options.some((o) => o.value === String(value) && !('disabled' in o));
  // A train chosen elsewhere (the address, a copy) that does not run or cannot be booked that day is let go
  // once the day's trains are known; while they load it shows as loading, never as a raw id.
  useEffect(() => {
    if (!locked && value !== null && trains.isSuccess && !chosenKnown) form.setFieldValue(field, null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer or the choice changes
  }, [locked, value, trains.isSuccess, chosenKnown, field]);
  if (value !== null && !options.some((o) => o.value === String(value))) options.unshift({ value: String(value), label: t('form.trainLoading'), disabled: true });
  const pattern = trains.data?.service_pattern;
  const dayClosed = trains.isSuccess && services.length === 0 && pattern !== 'ORDINARY' && pattern !== 'SPECIAL' ? (pattern ?? 'NONE') : null;
  return (
    <Stack gap={4}>
      <LiveField form={form}>
        {(values, change) => {
          const chosen = values[field];
          return (
            <Select
              label={`${t(`form.${legKey}`)}: ${labels.stationName(leg.from)} → ${labels.stationName(leg.to)}`}
              placeholder={trains.isFetching ? '…' : services.length === 0 && trains.isSuccess ? t('form.noTrains') : t('form.train')}
              data={options}
              value={chosen === null ? null : String(chosen)}
              onChange={(v) => change(() => form.setFieldValue(field, v ? Number(v) : null))}
              error={form.errors[field]}
              required
              allowDeselect={false}
              disabled={locked || dayClosed !== null}
              data-testid={`train-select-${leg.direction}`}
            />
          );
        }}
      </LiveField>
      {dayClosed && (
        <Text size="sm" c="red.8" role="status" data-testid={`day-closed-${leg.direction}`}>
          {t(`form.dayClosed.${dayClosed}`)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Date, trip type, stations and the train of each leg (trains of the segment with their levels).
 * `locked`: the booking has used its one train change, so none of these can change.
 */
export function TrainPicker({ form, labels, locked = false }: { form: UseFormReturnType<BookingFormState>; labels: BookingLabels; locked?: boolean }) {
  const { t } = useTranslation('bookings');
  const stationOptions = [{ value: '', label: '—' }, ...labels.stationIds.map((id) => ({ value: String(id), label: labels.stationName(id) }))];
  const legs = tripLegs(form.values);
  const setStation = (key: 'from_station_id' | 'to_station_id', raw: string) => {
    form.setFieldValue(key, raw ? Number(raw) : null);
    // A new segment may change the direction: the chosen trains no longer fit.
    form.setFieldValue('down_service_id', null);
    form.setFieldValue('up_service_id', null);
  };
  // Each control below is a LiveField: it shows its change at once, the rest of the form follows in a transition.

  return (
    <Stack gap="sm">
      {locked && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="train-change-used">
          {t('form.trainChangeUsed')}
        </Alert>
      )}
      <Group gap="md" align="flex-end" wrap="wrap">
        <LiveField form={form}>
          {(values, change) => (
            <ServiceDateInput
              label={values.trip === 'round' ? t('form.outboundDate') : t('form.date')}
              required
              w={180}
              value={values.service_date}
              onChange={(date) => change(() => form.setFieldValue('service_date', date))}
              error={form.errors.service_date}
              disabled={locked}
              data-testid="service-date"
            />
          )}
        </LiveField>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="booking-trip-label">
            {t('form.trip')}
          </Text>
          <LiveField form={form}>
            {(values, change) => (
              <SegmentedControl
                aria-labelledby="booking-trip-label"
                value={values.trip}
                disabled={locked}
                onChange={(v) =>
                  change(() => {
                    form.setFieldValue('trip', v === 'round' ? 'round' : 'single');
                    if (v !== 'round') {
                      const out = tripLegs({ ...form.getValues(), trip: 'single' })[0];
                      form.setFieldValue(out?.direction === 'down' ? 'up_service_id' : 'down_service_id', null);
                    }
                  })
                }
                data={[
                  { value: 'single', label: t('form.single') },
                  { value: 'round', label: t('form.round') },
                ]}
              />
            )}
          </LiveField>
        </Stack>
        <LiveField form={form}>
          {(values, change) => (
            <NativeSelect
              label={t('form.from')}
              data={stationOptions}
              value={values.from_station_id === null ? '' : String(values.from_station_id)}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                change(() => setStation('from_station_id', raw));
              }}
              disabled={locked}
              w={170}
            />
          )}
        </LiveField>
        <LiveField form={form}>
          {(values, change) => (
            <NativeSelect
              label={t('form.to')}
              data={stationOptions}
              value={values.to_station_id === null ? '' : String(values.to_station_id)}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                change(() => setStation('to_station_id', raw));
              }}
              disabled={locked}
              w={170}
            />
          )}
        </LiveField>
        {form.values.trip === 'round' && (
          <LiveField form={form}>
            {(values, change) => (
              <ServiceDateInput
                label={t('form.returnDate')}
                description={t('form.returnDateHint')}
                w={200}
                value={values.return_date}
                onChange={(date) => change(() => form.setFieldValue('return_date', date))}
                error={form.errors.return_date}
                clearable
                disabled={locked}
                data-testid="return-date"
              />
            )}
          </LiveField>
        )}
      </Group>
      {legs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.chooseStations')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: legs.length }} spacing="sm">
          {legs.map((leg, i) => (
            <LegTrainSelect key={leg.direction} form={form} leg={leg} labels={labels} legKey={i === 0 ? 'outbound' : 'return'} locked={locked} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
