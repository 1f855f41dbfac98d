import { memo, useMemo } from 'react';
import { Button, Group, MultiSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { placeCounts, requiredSelection, sameSeats, selectionDiff } from './seat-logic.ts';
import type { SeatLabels } from './use-seat-labels.ts';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The standing count; memoised so that a click on a seat (a new selection) does not render it again. */
const StandingInput = memo(function StandingInput({
  label,
  description,
  max,
  value,
  onChange,
  disabled,
}: {
  label: string;
  description: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      min={0}
      max={max}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
      disabled={disabled}
      size="xs"
      allowDecimal={false}
      allowNegative={false}
    />
  );
});

/** The preferred cars of the automatic assignment; memoised like the standing count. */
const PreferredCarsSelect = memo(function PreferredCarsSelect(props: {
  label: string;
  description: string;
  data: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
}) {
  return <MultiSelect {...props} size="xs" clearable />;
});

/**
 * The assignment panel of one direction: what it needs and has, automatic assignment (optionally from
 * preferred cars) and the hand-picked selection with its count against what must be named.
 */
export function AssignPanel({
  direction,
  labels,
  slope,
  selection,
  standing,
  onStanding,
  preferredCars,
  onPreferredCars,
  editable,
  busy,
  onAuto,
  onConfirm,
  onReset,
}: {
  direction: BookingSeatDirection;
  labels: SeatLabels;
  /** Wheelchair users who need the slope. */
  slope: number;
  selection: ReadonlySet<string>;
  standing: number;
  onStanding: (value: number) => void;
  preferredCars: string[];
  onPreferredCars: (value: string[]) => void;
  editable: boolean;
  busy: boolean;
  onAuto: () => void;
  onConfirm: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('seats');
  const assigned = placeCounts(direction, direction.assigned_seat_ids);
  const picked = placeCounts(direction, selection);
  const required = requiredSelection(direction, standing);
  const diff = selectionDiff(direction.assigned_seat_ids, selection);
  const changed = !sameSeats(direction.assigned_seat_ids, selection) || standing !== direction.standing;
  const countOk = picked.total === required;
  const carOptions = useMemo(
    () =>
      [...direction.cars]
        .sort((a, b) => a.car_number - b.car_number)
        .map((car) => ({ value: String(car.logical_car_id), label: `${t('car', { car: car.car_number })}${car.is_rich ? ` ${labels.label(car.name)}` : ''}` })),
    [direction.cars, labels, t],
  );

  return (
    <Paper withBorder p="md" component="section" aria-label={t('assign.summary')}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('assign.summary')}
          </Title>
          <Row label={t('assign.needed')} value={t('seats', { count: direction.needed_seats })} />
          <Row label={t('assign.wheelchair')} value={t('assign.wheelchairValue', { count: direction.needed_wheelchair_places, slope })} />
          <Row
            label={t('assign.assigned')}
            value={t('assign.assignedValue', { count: assigned.total, total: requiredSelection(direction, direction.standing) })}
            testId={`assigned-${direction.direction}`}
          />
          {assigned.wheelchair > 0 && <Row label="" value={t('assign.assignedWheelchair', { count: assigned.wheelchair })} />}
          {direction.standing > 0 && <Row label={t('assign.standing')} value={t('people', { count: direction.standing })} />}
          <StandingInput
            label={t('assign.standing')}
            description={t('assign.standingHint')}
            max={direction.needed_seats}
            value={standing}
            onChange={onStanding}
            disabled={!editable}
          />
        </Stack>

        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('assign.autoTitle')}
          </Title>
          <PreferredCarsSelect
            label={t('assign.preferredCars')}
            description={t('assign.preferredCarsHint')}
            data={carOptions}
            value={preferredCars}
            onChange={onPreferredCars}
            disabled={!editable}
          />
          <Button leftSection={<IconWand size={16} aria-hidden />} onClick={onAuto} disabled={!editable} loading={busy} variant="light">
            {t('assign.autoDirection')}
          </Button>
        </Stack>

        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('assign.manual')}
          </Title>
          <Text size="sm" fw={600} c={changed && !countOk ? 'red' : undefined} data-testid={`selected-${direction.direction}`}>
            {t('assign.selectedCount', { count: picked.total, total: required })}
          </Text>
          {direction.needed_wheelchair_places > 0 && (
            <Text size="xs" c={picked.wheelchair === direction.needed_wheelchair_places ? 'dimmed' : 'orange'}>
              {t('assign.selectedWheelchair', { count: picked.wheelchair, total: direction.needed_wheelchair_places })}
            </Text>
          )}
          {changed && (
            <Text size="xs" c="dimmed">
              {t('assign.diff', { added: diff.added, removed: diff.removed })}
            </Text>
          )}
          {changed && !countOk && (
            <Text size="xs" c="red">
              {t('assign.countMismatch', { total: required })}
            </Text>
          )}
          <Group gap="xs" mt="auto">
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={onConfirm} disabled={!editable || !changed || !countOk} loading={busy}>
              {t('assign.confirmSelection')}
            </Button>
            <Button variant="subtle" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={onReset} disabled={!changed || busy}>
              {t('assign.resetSelection')}
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
