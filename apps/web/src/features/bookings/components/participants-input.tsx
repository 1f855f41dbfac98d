import { Checkbox, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CalculateAmountBody } from '@sagano/domain/bookings/booking-schemas';
import { FARE_TYPES } from '@sagano/domain/reference/reference-schemas';
import { useCalculatedAmount } from '../api/calculate-amount.ts';
import { enterableUnits, legDate, quantityItems, tripLegs, type BookingFormState } from './booking-form-state.ts';
import { PriceItemsTable } from './price-items-table.tsx';
import type { BookingLabels } from './use-booking-labels.ts';

/** The calculate_amount body for the form, or null while there is nothing to price. */
function amountBody(state: BookingFormState, labels: BookingLabels): CalculateAmountBody | null {
  const items = quantityItems(state, labels.units);
  const legs = tripLegs(state);
  if (items.length === 0 || !/^\d{4}-\d{2}-\d{2}$/.test(state.service_date)) return null;
  return {
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
  return (
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
      total={data.total_amount}
      totalTestId="total-amount"
    />
  );
}

/**
 * Quantities per unit of the group type's segment (FREE units are calculated, never entered) and
 * wheelchairs. The units are laid out as the fare sheet is read: a row per kind of participant
 * (general, disability classes, supporters), a column per fare (adult, child); each field keeps
 * the unit's full name as its label for screen readers.
 */
export function ParticipantsInput({ form, labels }: { form: UseFormReturnType<BookingFormState>; labels: BookingLabels }) {
  const { t } = useTranslation('bookings');
  const units = enterableUnits(labels.units, form.values.group.group_type);
  const fareTypes = FARE_TYPES.filter((fare) => units.some((u) => u.fare_type === fare));
  const annotations = [...new Set(units.map((u) => u.annotation))];
  const chairs = form.values.wheel_chairs;
  const participantsError = form.errors['participant_group.unit_quantity_items'];
  return (
    <Stack gap="sm">
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
                      <NumberInput
                        aria-label={labels.unitName(unit.id)}
                        min={0}
                        max={2000}
                        allowDecimal={false}
                        allowNegative={false}
                        value={form.values.quantities[String(unit.id)] ?? 0}
                        onChange={(v) => form.setFieldValue(`quantities.${unit.id}`, typeof v === 'number' ? v : Number(v) || 0)}
                      />
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {participantsError && (
        <Text size="sm" c="red" role="alert">
          {participantsError}
        </Text>
      )}
      <AmountTable state={form.values} labels={labels} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('form.wheelchairCount')}
          min={0}
          max={40}
          allowDecimal={false}
          allowNegative={false}
          w={170}
          value={chairs.length}
          onChange={(v) => {
            const n = Math.max(0, Math.min(40, Number(v) || 0));
            form.setFieldValue('wheel_chairs', Array.from({ length: n }, (_, i) => chairs[i] ?? { need_slope: false }));
          }}
          error={form.errors['participant_group.wheel_chairs']}
        />
        {chairs.map((chair, i) => (
          <Checkbox
            key={i}
            label={t('form.needSlope', { n: i + 1 })}
            checked={chair.need_slope}
            onChange={(e) => form.setFieldValue(`wheel_chairs.${i}.need_slope`, e.currentTarget.checked)}
            mb={8}
          />
        ))}
      </Group>
    </Stack>
  );
}
