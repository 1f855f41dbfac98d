import { Alert, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalculateAmountBody, CalculateAmountResponse } from '@sagano/domain/bookings/booking-schemas';
import { WHEELCHAIR_COUNT, parseCount } from '@sagano/domain/bookings/counts';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { PASSENGER_FARE_TYPES } from '@sagano/domain/reference/reference-schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCalculatedAmount } from '../api/calculate-amount.ts';
import { enterableUnits, invalidQuantityUnits, isPassengerUnit, legDate, legsOverCapacity, legsTooSmall, neededSeats, quantityItems, tripLegs, type BookingFormState, type LegVacancy } from './booking-form-state.ts';
import { CountInput } from './count-input.tsx';
import { LiveField } from './live-field.tsx';
import { formatYen } from '../../../lib/yen.ts';
import { PriceItemsTable } from './price-items-table.tsx';
import type { BookingLabels } from './use-booking-labels.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';
import { useWithNote } from '../../../lib/with-note.ts';

/** The calculate_amount body for the form (with the booking a change is for), or null while there is nothing to price. */
function amountBody(state: BookingFormState, labels: BookingLabels): CalculateAmountBody | null {
  const items = quantityItems(state, labels.units);
  const legs = tripLegs(state);
  if (items.length === 0 || invalidQuantityUnits(state, labels.units).length > 0 || !/^\d{4}-\d{2}-\d{2}$/.test(state.service_date)) return null;
  return {
    ...(state.update_of !== null ? { booking_id: state.update_of } : {}),
    group_type: state.group.group_type,
    participant_group: { unit_quantity_items: items, wheel_chairs: [] },
    service_days: legs.length > 0 ? legs.map((leg) => legDate(state, leg)) : [state.service_date],
  };
}

/** Live amount from calculate_amount: per unit, free places and the total in yen. */
export function AmountTable({ state, labels }: { state: BookingFormState; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  const body = amountBody(state, labels);
  const amount = useCalculatedAmount(body);
  if (!amount.data || body === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('form.amountPending')}
      </Text>
    );
  }
  const data = amount.data;
  const table = (
    <PriceItemsTable
      label={t('form.totalAmount')}
      testId="amount-table"
      items={data.unit_quantity_items}
      labels={labels}
      extraRows={
        <Table.Tr>
          <Table.Td>{t('form.freeRow')}</Table.Td>
          <Table.Td ta="right">{data.free_quantity}</Table.Td>
          <Table.Td />
          <Table.Td />
        </Table.Tr>
      }
      footerLabel={t('form.totalPeople', { count: data.participant_quantity, free: data.free_quantity })}
      total={data.modification?.fare_amount ?? data.total_amount}
      totalTestId={data.modification ? 'fare-amount' : 'total-amount'}
    />
  );
  // While a changed form is priced, the price before stays, dimmed and marked busy: not to be read
  // (or confirmed) as the new one.
  return (
    <PendingFrame pending={amount.isPlaceholderData}>
      {data.modification ? (
        <Stack gap="xs">
          {table}
          <ChangePreview modification={data.modification} labels={labels} />
        </Stack>
      ) : (
        table
      )}
    </PendingFrame>
  );
}

/** A change's price before it is sent: the new total with the decrement fee, against the total before. */
function ChangePreview({ modification: m, labels }: { modification: NonNullable<CalculateAmountResponse['modification']>; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });
  const difference = m.difference_amount > 0 ? `+${yen(m.difference_amount)}` : m.difference_amount < 0 ? `−${yen(-m.difference_amount)}` : yen(0);
  return (
    <Table aria-label={t('form.change.title')} withTableBorder verticalSpacing={4} data-testid="change-preview" maw={520}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{t('form.change.fares')}</Table.Td>
          <Table.Td ta="right">{yen(m.fare_amount)}</Table.Td>
        </Table.Tr>
        {m.decrement_items.map((item) => (
          <Table.Tr key={item.unit_id}>
            <Table.Td>{t('form.change.decrement', { unit: labels.unitName(item.unit_id), count: item.decrement_quantity })}</Table.Td>
            <Table.Td ta="right">{yen(item.decrement_fee)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>{t('form.change.total')}</Table.Th>
          <Table.Th ta="right" data-testid="total-amount">
            {yen(m.total_amount)}
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('form.change.previous')}</Table.Td>
          <Table.Td ta="right" data-testid="previous-total">
            {yen(m.previous_total_amount)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('form.change.difference')}</Table.Th>
          <Table.Th ta="right" data-testid="difference-amount">
            {difference}
          </Table.Th>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The group seats the request needs beside each chosen train's vacancy; too few: only a waitlist request. */
export function VacancyNote({ state, labels, vacancies }: { state: BookingFormState; labels: BookingLabels; vacancies: readonly LegVacancy[] }) {
  const { t } = useTranslation('bookings');
  const needed = neededSeats(state, labels.units);
  const legName = (direction: 'down' | 'up') => t(tripLegs(state).find((l) => l.direction === direction)?.index === 1 ? 'form.return' : 'form.outbound');
  const over = legsOverCapacity(state, labels.units, vacancies);
  // A train that could never carry the group: said instead of "wait for seats".
  const short = legsTooSmall(state, labels.units, vacancies).filter((v) => !over.includes(v));
  if (vacancies.length === 0) return null;
  return (
    <Stack gap={4} data-testid="vacancy-note">
      <Group gap="md">
        <Text size="sm">{t('form.neededSeats', { count: needed })}</Text>
        {vacancies.map((v) => (
          <Text key={v.direction} size="sm" fw={500} data-testid={`vacancy-${v.direction}`}>
            {v.own ? t('form.legVacancyOwn', { leg: legName(v.direction), vacant: v.vacant, own: v.own }) : t('form.legVacancy', { leg: legName(v.direction), vacant: v.vacant })}
          </Text>
        ))}
      </Group>
      {over.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="over-capacity">
          {over.map((v) => t('form.overCapacity', { leg: legName(v.direction), capacity: v.capacity, count: needed })).join(' ')}
        </Alert>
      )}
      {short.length > 0 && (
        <Alert color={state.wait_listing ? 'violet' : 'orange'} variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="not-fitting">
          {short.map((v) => t('form.notFitting', { leg: legName(v.direction), vacant: v.vacant, count: needed })).join(' ')}
          {state.wait_listing && ` ${t('form.willWait')}`}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Quantities per unit of the group type's segment (FREE units are calculated, never entered) and
 * wheelchairs. The units are laid out as the fare sheet is read: a row per kind of participant
 * (general, disability classes, supporters), a column per fare (adult, child); each field keeps
 * the unit's full name as its label for screen readers.
 */
export function ParticipantsInput({
  form,
  labels,
  vacancies,
  minimum = null,
}: {
  form: UseFormReturnType<BookingFormState>;
  labels: BookingLabels;
  vacancies: readonly LegVacancy[];
  /** The operator's minimum group size, said above the counts (null until the day's trains answer it). */
  minimum?: number | null;
}) {
  const { t } = useTranslation('bookings');
  const withNote = useWithNote();
  const backOffice = capabilitiesOf(useCurrentUser()).backOffice;
  const all = enterableUnits(labels.units, form.values.group.group_type);
  // The grid holds the passengers; luggage and fees are listed below it by name (several of a kind).
  const units = all.filter((u) => isPassengerUnit(u));
  // The change handling fee is the operator's to charge: agents do not see it (its quantity is kept as the booking has it).
  const items = all.filter((u) => !isPassengerUnit(u) && (u.fare_type !== 'CHANGE_HANDLE_FEE' || backOffice));
  const fareTypes = PASSENGER_FARE_TYPES.filter((fare) => units.some((u) => u.fare_type === fare));
  const annotations = [...new Set(units.map((u) => u.annotation))];
  const chairs = form.values.wheel_chairs;
  const participantsError = form.errors['participant_group.unit_quantity_items'];
  return (
    <Stack gap="sm">
      {minimum !== null && (
        <Text size="sm" c="dimmed" data-testid="min-group-size">
          {t('form.minGroupHint', { min: minimum })}
        </Text>
      )}
      <Table withTableBorder={false} layout="fixed" maw={520} data-testid="participants-input" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>{t('form.participantKind')}</Table.Th>
            {fareTypes.map((fare) => (
              <Table.Th key={fare}>{t(`form.fareTypes.${fare}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {annotations.map((annotation) => (
            <Table.Tr key={annotation}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`form.participantKinds.${annotation}`)}</Table.Td>
              {fareTypes.map((fare) => {
                const unit = units.find((u) => u.annotation === annotation && u.fare_type === fare);
                return (
                  <Table.Td key={fare}>
                    {unit && (
                      <LiveField form={form}>
                        {(values, change) => (
                          <CountInput
                            aria-label={labels.unitName(unit.id)}
                            value={values.quantities[String(unit.id)] ?? 0}
                            onChange={(text) => change(() => form.setFieldValue(`quantities.${unit.id}`, text))}
                            error={form.errors[`quantities.${unit.id}`]}
                          />
                        )}
                      </LiveField>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {items.length > 0 && (
        <Group gap="md" align="flex-start" wrap="wrap" data-testid="item-units-input">
          {items.map((unit) => (
            <LiveField key={unit.id} form={form}>
              {(values, change) => (
                <CountInput
                  label={withNote(labels.unitName(unit.id), t(`form.fareTypes.${unit.fare_type}`))}
                  w={200}
                  value={values.quantities[String(unit.id)] ?? 0}
                  onChange={(text) => change(() => form.setFieldValue(`quantities.${unit.id}`, text))}
                  error={form.errors[`quantities.${unit.id}`]}
                />
              )}
            </LiveField>
          ))}
        </Group>
      )}
      {participantsError && (
        <Text size="sm" c="red" role="alert">
          {participantsError}
        </Text>
      )}
      <VacancyNote state={form.values} labels={labels} vacancies={vacancies} />
      <AmountTable state={form.values} labels={labels} />
      <Group gap="md" align="flex-start" wrap="wrap">
        <LiveField form={form}>
          {(values, change) => (
            <CountInput
              label={t('form.wheelchairCount')}
              w={170}
              value={values.wheel_chair_text ?? values.wheel_chairs.length}
              onChange={(text) =>
                change(() => {
                  form.setFieldValue('wheel_chair_text', text);
                  // The list follows the count while it is valid; an invalid count keeps it and shows the range.
                  const n = parseCount(text, WHEELCHAIR_COUNT);
                  const now = form.getValues().wheel_chairs;
                  if (n !== null) form.setFieldValue('wheel_chairs', Array.from({ length: n }, (_, i) => now[i] ?? { need_slope: false }));
                })
              }
              error={form.errors.wheel_chair_text ?? form.errors['participant_group.wheel_chairs']}
            />
          )}
        </LiveField>
        {chairs.map((_, i) => (
          <LiveField key={i} form={form}>
            {(values, change) => (
              <Checkbox
                label={t('form.needSlope', { n: i + 1 })}
                checked={values.wheel_chairs[i]?.need_slope ?? false}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  change(() => form.setFieldValue(`wheel_chairs.${i}.need_slope`, checked));
                }}
                mt={32}
              />
            )}
          </LiveField>
        ))}
      </Group>
    </Stack>
  );
}
