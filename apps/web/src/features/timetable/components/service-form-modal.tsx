import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { StationsResponse } from '@sagano/domain/reference/reference-schemas';
import { checkDiagramTimes, TIMES_ORDER, type DirectionId, type ServiceBody, type ServiceResponse } from '@sagano/domain/timetable/timetable-schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveService } from '../api/save-service.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
type Times = Record<number, { arrival: string; departure: string }>;

function stationOrder(stations: StationsResponse, direction: DirectionId): number[] {
  return stations.directions.find((d) => d.direction_id === direction)?.stations.map((s) => s.station_id) ?? [];
}

/** Add (service null) or edit a train: direction, special flag, names and every time. */
export function ServiceFormModal({ termId, service, stations, onClose }: { termId: number; service: ServiceResponse | null; stations: StationsResponse; onClose: () => void }) {
  const { t, i18n } = useTranslation(['timetable', 'common']);
  const save = useSaveService();
  const [direction, setDirection] = useState<DirectionId>(service?.direction ?? 'down');
  const [isSpecial, setIsSpecial] = useState(service?.is_special ?? false);
  const [nameJa, setNameJa] = useState(service ? labelText(service.names, 'ja') : '');
  const [nameEn, setNameEn] = useState(service?.names.find((n) => n.language_id === 'en')?.text ?? '');
  const [order, setOrder] = useState<number>(service?.display_order ?? 0);
  const [times, setTimes] = useState<Times>(() =>
    Object.fromEntries((service?.diagram_items ?? []).map((d) => [d.station_id, { arrival: d.arrival_hhmm ?? '', departure: d.departure_hhmm ?? '' }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const ids = stationOrder(stations, direction);
  const stationName = (id: number) => labelText(stations.stations.find((s) => s.station_id === id)?.labels ?? [], i18n.language);

  const setTime = (id: number, key: 'arrival' | 'departure', value: string) => setTimes((prev) => ({ ...prev, [id]: { arrival: prev[id]?.arrival ?? '', departure: prev[id]?.departure ?? '', [key]: value } }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setNameError(nameJa.trim() ? null : t('common:validation.required'));
    const items = ids.map((id, i) => ({
      station_id: id,
      arrival_hhmm: i === 0 ? null : times[id]?.arrival.trim() || null,
      departure_hhmm: i === ids.length - 1 ? null : times[id]?.departure.trim() || null,
    }));
    if (items.some((d) => (d.arrival_hhmm && !HHMM.test(d.arrival_hhmm)) || (d.departure_hhmm && !HHMM.test(d.departure_hhmm)))) return setError(t('services.timeFormat'));
    const problem = checkDiagramTimes(items);
    if (problem) return setError(problem.message === TIMES_ORDER ? t('services.timesOrder') : t('services.timesRequired'));
    if (!nameJa.trim()) return;
    const names = [{ language_id: 'ja' as const, text: nameJa.trim() }, ...(nameEn.trim() ? [{ language_id: 'en' as const, text: nameEn.trim() }] : [])];
    const body: ServiceBody = { names, direction, is_special: isSpecial, logical_train_id: service?.logical_train_id ?? 1, display_order: order, diagram_items: items };
    save.mutate(
      { termId, serviceId: service?.service_id ?? null, body },
      {
        onSuccess: () => { notifySuccess(t('services.saved')); onClose(); },
        onError: (e) => setError(e instanceof ApiError && e.field === 'diagram_items' && e.description?.includes('all arrival') ? t('services.timesRequired') : errorMessage(e)),
      },
    );
  };

  const title = service ? t('services.editTitle') : t('services.addTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('services.nameJa')} required value={nameJa} error={nameError} onChange={(e) => setNameJa(e.currentTarget.value)} />
            <TextInput label={t('services.nameEn')} value={nameEn} onChange={(e) => setNameEn(e.currentTarget.value)} />
            <NativeSelect
              label={t('services.direction')}
              value={direction}
              onChange={(e) => setDirection(e.currentTarget.value as DirectionId)}
              data={(['down', 'up'] as const).map((d) => ({ value: d, label: t(`services.${d}`) }))}
            />
            <NumberInput label={t('services.displayOrder')} min={0} value={order} onChange={(v) => setOrder(Number(v) || 0)} />
          </SimpleGrid>
          <Checkbox label={t('services.special')} description={t('services.specialDescription')} checked={isSpecial} onChange={(e) => setIsSpecial(e.currentTarget.checked)} />
          <Table withTableBorder>
            <Table.Tbody>
              {ids.map((id, i) => (
                <Table.Tr key={id}>
                  <Table.Th w={180}>{stationName(id)}</Table.Th>
                  <Table.Td>
                    {i > 0 && (
                      <TextInput aria-label={t('services.arrivalOf', { station: stationName(id) })} placeholder="HH:mm" leftSection={t('services.arrival')} leftSectionWidth={44} value={times[id]?.arrival ?? ''} onChange={(e) => setTime(id, 'arrival', e.currentTarget.value)} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i < ids.length - 1 && (
                      <TextInput aria-label={t('services.departureOf', { station: stationName(id) })} placeholder="HH:mm" leftSection={t('services.departure')} leftSectionWidth={44} value={times[id]?.departure ?? ''} onChange={(e) => setTime(id, 'departure', e.currentTarget.value)} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>{t('common:actions.cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('common:actions.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
