import { useState } from 'react';
import { Button, Checkbox, Group, LoadingOverlay, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AllotmentService, ServiceOperation } from '@sagano/domain/inventory/inventory-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAllotmentDay } from '../api/get-allotment-day.ts';
import { useUpdateServiceStatus } from '../api/update-service-status.ts';
import { parseDayParam } from '../../../lib/calendar-grid.ts';
import { ServiceStatusBadge } from '../components/level-badge.tsx';
import { ServiceDayPicker } from '../components/service-day-picker.tsx';
import { SuspendModal } from '../components/suspend-modal.tsx';
import { useReferenceLabels, type ReferenceLabels } from '../components/use-reference-labels.ts';
import { useListSeparator } from '../../../lib/list-separator.ts';

const DIRECTION_ORDER: Direction[] = ['down', 'up'];

function DirectionTable({
  direction,
  services,
  selected,
  onToggle,
  refs,
}: {
  direction: Direction;
  services: AllotmentService[];
  selected: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
  refs: ReferenceLabels;
}) {
  const { t } = useTranslation('inventory');
  const selectable = services.filter((s) => s.status !== 'suspended').map((s) => s.service_id);
  const chosen = selectable.filter((id) => selected.has(id)).length;
  const directionName = t(`directions.${direction}`);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {directionName}
      </Title>
      <Table aria-label={directionName} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('suspended.selectAll', { direction: directionName })}
                checked={selectable.length > 0 && chosen === selectable.length}
                indeterminate={chosen > 0 && chosen < selectable.length}
                disabled={selectable.length === 0}
                onChange={(e) => onToggle(selectable, e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('day.columns.train')}</Table.Th>
            <Table.Th w={80}>{t('day.columns.departure')}</Table.Th>
            <Table.Th w={80}>{t('day.columns.arrival')}</Table.Th>
            <Table.Th w={140}>{t('day.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((s) => {
            const name = refs.label(s.service_names);
            const suspended = s.status === 'suspended';
            return (
              <Table.Tr key={s.service_id} c={suspended ? 'dimmed' : undefined} data-testid={`suspend-row-${s.service_id}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={suspended ? t('suspended.trainAlreadySuspended', { train: name }) : t('suspended.selectTrain', { train: name })}
                    title={suspended ? t('suspended.alreadySuspended') : undefined}
                    checked={selected.has(s.service_id)}
                    disabled={suspended}
                    onChange={(e) => onToggle([s.service_id], e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td fw={600}>{name}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{s.departure_hhmm ?? '—'}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{s.arrival_hhmm ?? '—'}</Table.Td>
                <Table.Td>
                  <ServiceStatusBadge status={s.status} showOrdinary />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** /suspended: hold sales, remove the hold or suspend (final) trains of one day; the day lives in the address. */
export function Component() {
  const { t } = useTranslation('inventory');
  const separator = useListSeparator();
  const [searchParams, setSearchParams] = useSearchParams();
  const date = parseDayParam(searchParams.get('date')) ?? tokyoToday();
  const refs = useReferenceLabels();
  const day = useAllotmentDay({ date, fromStationId: null, toStationId: null });
  const update = useUpdateServiceStatus();
  const [selection, setSelection] = useState<{ date: string; ids: ReadonlySet<number> }>({ date, ids: new Set() });
  const [confirming, setConfirming] = useState(false);

  const services = day.data?.services ?? [];
  const suspendedIds = new Set(services.filter((s) => s.status === 'suspended').map((s) => s.service_id));
  // A selection belongs to its day; suspended trains never stay selected.
  const selected = new Set(selection.date === date ? [...selection.ids].filter((id) => !suspendedIds.has(id)) : []);
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ date, ids: next });
  };
  const run = (operation: ServiceOperation) => {
    const serviceIds = [...selected].sort((a, b) => a - b);
    update.mutate(
      { date, serviceIds, operation },
      {
        onSuccess: (answer) => {
          const refused = answer.refused_booking_ids?.length ?? 0;
          notifySuccess(
            refused > 0 ? `${t(`suspended.done.${operation}`, { count: serviceIds.length })}${t('suspended.doneRefused', { count: refused })}` : t(`suspended.done.${operation}`, { count: serviceIds.length }),
          );
          setSelection({ date, ids: new Set() });
          setConfirming(false);
        },
      },
    );
  };
  const selectedNames = services
    .filter((s) => selected.has(s.service_id))
    .map((s) => refs.label(s.service_names))
    .join(separator);
  const byDirection = DIRECTION_ORDER.map((direction) => ({
    direction,
    services: services
      .filter((s) => s.direction === direction)
      .sort((a, b) => (a.departure_hhmm ?? '').localeCompare(b.departure_hhmm ?? '')),
  })).filter((g) => g.services.length > 0);

  return (
    <>
      <PageHeader title={t('suspended.title')} description={t('suspended.description')} />
      <Paper withBorder p="md" mb="md">
        <Group gap="md" align="flex-end" wrap="wrap" justify="space-between">
          <ServiceDayPicker value={date} onChange={(next) => setSearchParams({ date: next })} />
          <Group gap="xs" align="center">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('suspended.selected', { count: selected.size })}
            </Text>
            <Button variant="light" color="orange" disabled={selected.size === 0} loading={update.isPending && update.variables?.operation === 'pending'} onClick={() => run('pending')}>
              {t('suspended.actions.pending')}
            </Button>
            <Button variant="default" disabled={selected.size === 0} loading={update.isPending && update.variables?.operation === 'remove pending'} onClick={() => run('remove pending')}>
              {t('suspended.actions.remove pending')}
            </Button>
            <Button color="red" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              {t('suspended.actions.suspended')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Stack gap="md" pos="relative">
        <LoadingOverlay visible={day.isPending} />
        {day.isSuccess && byDirection.length === 0 && (
          <Paper withBorder p="lg">
            <Text c="dimmed" ta="center" size="sm">
              {t('suspended.noTrains')}
            </Text>
          </Paper>
        )}
        {byDirection.map((g) => (
          <DirectionTable key={g.direction} direction={g.direction} services={g.services} selected={selected} onToggle={toggle} refs={refs} />
        ))}
      </Stack>
      <SuspendModal
        opened={confirming}
        date={date}
        serviceIds={[...selected].sort((a, b) => a - b)}
        trains={selectedNames}
        loading={update.isPending}
        onConfirm={() => run('suspended')}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
