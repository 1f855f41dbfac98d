import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { autoFill, type AutoFillError, type FillCar, type SeatAssignment } from '@sagano/domain/arrangements/auto-fill';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
import { validationMessage } from '../../../lib/validation-messages.ts';

/** The automatic fill "by car number, seat range and total" (spec 000 §2); the domain's autoFill does the work. */
export function AutoFillForm({
  cars,
  types,
  nameOf,
  assignment,
  onFill,
  disabled,
}: {
  cars: readonly FillCar[];
  types: readonly ArrangementType[];
  nameOf: (id: number) => string;
  assignment: SeatAssignment;
  onFill: (next: Record<string, number>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('arrangements');
  const [carNumber, setCarNumber] = useState(String(cars[0]?.car_number ?? ''));
  const [fromSeat, setFromSeat] = useState('');
  const [toSeat, setToSeat] = useState('');
  const [total, setTotal] = useState<string | number>('');
  const [typeId, setTypeId] = useState(String(types[0]?.arrangement_type_id ?? ''));
  const [result, setResult] = useState<{ error?: AutoFillError; count?: number; shortfall?: number; type?: string } | null>(null);

  // The form's rules in the words every form uses (validationMessage), naming the field.
  const errorMessage = (error: AutoFillError) => {
    switch (error) {
      case 'UNKNOWN_CAR':
        return validationMessage.select(t('patterns.autoFill.car'));
      case 'UNKNOWN_FROM_SEAT':
        return validationMessage.invalid(t('patterns.autoFill.fromSeat'));
      case 'UNKNOWN_TO_SEAT':
        return validationMessage.invalid(t('patterns.autoFill.toSeat'));
      case 'BAD_TOTAL':
        return validationMessage.positiveInteger(t('patterns.autoFill.total'));
      case 'EMPTY_RANGE':
        return t('patterns.autoFill.errors.EMPTY_RANGE');
    }
  };

  const run = () => {
    const r = autoFill(cars, assignment, {
      car_number: Number(carNumber),
      from_seat: fromSeat,
      to_seat: toSeat,
      total: total === '' ? undefined : Number(total),
      arrangement_type_id: Number(typeId),
    });
    if (!r.ok) {
      setResult({ error: r.error });
      return;
    }
    onFill(r.assignment);
    setResult({ count: r.changed.length, shortfall: r.shortfall, type: nameOf(Number(typeId)) });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('patterns.autoFill.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('patterns.autoFill.description')}
        </Text>
        <form
          aria-label={t('patterns.autoFill.title')}
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('patterns.autoFill.car')}
              value={carNumber}
              onChange={(e) => setCarNumber(e.currentTarget.value)}
              data={cars.map((c) => ({ value: String(c.car_number), label: t('patterns.autoFill.carOption', { car: c.car_number }) }))}
              w={120}
            />
            <TextInput label={t('patterns.autoFill.fromSeat')} placeholder="1A" value={fromSeat} onChange={(e) => setFromSeat(e.currentTarget.value)} w={100} error={result?.error === 'UNKNOWN_FROM_SEAT' || result?.error === 'EMPTY_RANGE'} />
            <TextInput label={t('patterns.autoFill.toSeat')} placeholder="16D" value={toSeat} onChange={(e) => setToSeat(e.currentTarget.value)} w={100} error={result?.error === 'UNKNOWN_TO_SEAT'} />
            <NumberInput label={t('patterns.autoFill.total')} placeholder={t('patterns.autoFill.totalPlaceholder')} value={total} onChange={setTotal} min={1} allowDecimal={false} w={130} error={result?.error === 'BAD_TOTAL'} />
            <NativeSelect
              label={t('patterns.autoFill.type')}
              value={typeId}
              onChange={(e) => setTypeId(e.currentTarget.value)}
              data={types.map((ty) => ({ value: String(ty.arrangement_type_id), label: nameOf(ty.arrangement_type_id) }))}
              w={160}
            />
            <Button type="submit" variant="light" disabled={disabled}>
              {t('patterns.autoFill.run')}
            </Button>
          </Group>
        </form>
        {result?.error && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(result.error)}
          </Text>
        )}
        {result?.count !== undefined && (
          <Alert color={result.shortfall ? 'yellow' : 'teal'} variant="light" p="xs" role="status">
            {t('patterns.autoFill.done', { count: result.count, type: result.type })}
            {result.shortfall ? ` ${t('patterns.autoFill.shortfall', { count: result.shortfall })}` : ''}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
