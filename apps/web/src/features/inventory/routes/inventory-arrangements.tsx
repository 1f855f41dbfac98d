import { useState } from 'react';
import { Alert, Button, Group, LoadingOverlay, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAdjustArrangements } from '../api/adjust-arrangements.ts';
import { useAllotmentDay } from '../api/get-allotment-day.ts';
import { useServiceInventory } from '../api/get-service-inventory.ts';
import { parseDayParam } from '../../../lib/calendar-grid.ts';
import { ServiceDayPicker } from '../components/service-day-picker.tsx';
import { ArrangementSeatMap, InventoryUnavailable } from '../components/train-seat-map.tsx';
import { useReferenceLabels } from '../components/use-reference-labels.ts';
import { useWithNote } from '../../../lib/with-note.ts';

/** A refused move says why in the server's own words (which seat is held); other failures as usual. */
function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.description) return error.description;
  return errorMessage(error);
}

/** /inventory-arrangements: move seats of one train on one day between arrangement types. Day and train live in the address. */
export function Component() {
  const { t } = useTranslation('inventory');
  const withNote = useWithNote();
  const [searchParams, setSearchParams] = useSearchParams();
  const date = parseDayParam(searchParams.get('date')) ?? tokyoToday();
  const rawService = Number(searchParams.get('service'));
  const refs = useReferenceLabels();
  const day = useAllotmentDay({ date, fromStationId: null, toStationId: null });
  const services = [...(day.data?.services ?? [])].sort(
    (a, b) => a.direction.localeCompare(b.direction) || (a.departure_hhmm ?? '').localeCompare(b.departure_hhmm ?? ''),
  );
  const serviceId = services.some((s) => s.service_id === rawService) ? rawService : null;
  const service = services.find((s) => s.service_id === serviceId);
  const inventory = useServiceInventory(serviceId === null ? null : date, serviceId);
  const adjust = useAdjustArrangements();
  const [selection, setSelection] = useState<{ key: string; seats: ReadonlySet<string> }>({ key: '', seats: new Set() });
  const [target, setTarget] = useState<string>('');
  const [refused, setRefused] = useState<string | null>(null);

  // A selection belongs to one train on one day.
  const key = `${date}/${serviceId}`;
  const selected = selection.key === key ? selection.seats : new Set<string>();
  const setSelected = (seats: ReadonlySet<string>) => {
    setSelection({ key, seats });
    setRefused(null);
  };
  const go = (next: { date?: string; service?: number | null }) => {
    const params = new URLSearchParams();
    params.set('date', next.date ?? date);
    const s = next.service === undefined ? serviceId : next.service;
    if (s !== null && next.date === undefined) params.set('service', String(s));
    setSearchParams(params);
  };
  const targetId = Number(target) || null;
  const suspended = service?.status === 'suspended';
  const save = () => {
    if (targetId === null || selected.size === 0 || serviceId === null) return;
    const moves = [...selected].sort().map((seat_id) => ({ seat_id, arrangement_type_id: targetId }));
    adjust.mutate(
      { service_date: date, service_id: serviceId, moves },
      {
        onSuccess: () => {
          notifySuccess(t('arrangements.saved', { count: moves.length }));
          setSelection({ key, seats: new Set() });
        },
        onError: (error) => {
          const message = refusalMessage(error);
          setRefused(message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('arrangements.title')} description={t('arrangements.description')} />
      <Paper withBorder p="md" mb="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <ServiceDayPicker value={date} onChange={(next) => go({ date: next })} />
          <NativeSelect
            label={t('selectTrain')}
            w={{ base: '100%', xs: 320 }}
            value={serviceId === null ? '' : String(serviceId)}
            onChange={(e) => go({ service: Number(e.currentTarget.value) || null })}
            data={[
              { value: '', label: '—' },
              ...services.map((s) => {
                const train = t('trainOption', { time: s.departure_hhmm ?? '', name: refs.label(s.service_names), direction: t(`directions.${s.direction}`) });
                return { value: String(s.service_id), label: s.status === 'suspended' ? withNote(train, t('statuses.suspended')) : train };
              }),
            ]}
          />
          <NativeSelect
            label={t('arrangements.targetType')}
            w={{ base: '100%', xs: 200 }}
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
            data={[
              { value: '', label: '—' },
              ...refs.arrangementTypes
                .filter((type) => type.seat_type !== 'STANDING')
                .map((type) => ({ value: String(type.arrangement_type_id), label: refs.label(type.name) })),
            ]}
          />
          <Button onClick={save} disabled={selected.size === 0 || targetId === null || suspended} loading={adjust.isPending}>
            {t('arrangements.save')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('arrangements.selected', { count: selected.size })}
          </Text>
          {selected.size > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
              {t('arrangements.clearSelection')}
            </Button>
          )}
        </Group>
      </Paper>
      <Stack gap="md" pos="relative">
        <LoadingOverlay visible={serviceId !== null && inventory.isPending} />
        {refused && (
          <Alert color="red" title={t('arrangements.refused')} withCloseButton onClose={() => setRefused(null)}>
            {refused}
          </Alert>
        )}
        {suspended && (
          <Alert color="gray" variant="light">
            {t('arrangements.suspendedTrain')}
          </Alert>
        )}
        {serviceId === null && (
          <Paper withBorder p="lg">
            <Text c="dimmed" ta="center" size="sm">
              {t('arrangements.pickPrompt')}
            </Text>
          </Paper>
        )}
        {inventory.isError && <InventoryUnavailable error={inventory.error} />}
        {inventory.data && serviceId !== null && (
          <ArrangementSeatMap
            inventory={inventory.data}
            refs={refs}
            selected={selected}
            onSelect={setSelected}
            target={targetId}
            onTarget={(id) => setTarget(String(id))}
          />
        )}
      </Stack>
    </>
  );
}
