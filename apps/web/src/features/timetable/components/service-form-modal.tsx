import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { StationsResponse } from '@sagano/domain/reference/reference-schemas';
import type { DirectionId, ServiceBody, ServiceResponse } from '@sagano/domain/timetable/timetable-schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { isHhmm, validationMessage as v } from '../../../lib/validation-messages.ts';
import { useSaveService } from '../api/save-service.ts';

type Times = Record<number, { arrival: string; departure: string }>;
/** One time field of the table: `${station}.arrival` or `${station}.departure`. */
type TimeField = { key: string; id: number; kind: 'arrival' | 'departure'; label: string; value: string };

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
  // Each time field's message, under it (spec 000 §5: HH:mm, all entered, in order).
  const [timeErrors, setTimeErrors] = useState<Record<string, string>>({});
  const ids = stationOrder(stations, direction);
  const stationName = (id: number) => labelText(stations.stations.find((s) => s.station_id === id)?.labels ?? [], i18n.language);

  const setTime = (id: number, key: 'arrival' | 'departure', value: string) => setTimes((prev) => ({ ...prev, [id]: { arrival: prev[id]?.arrival ?? '', departure: prev[id]?.departure ?? '', [key]: value } }));

  /** The time fields down the line: the first station departs only, the last arrives only. */
  const timeFields = (): TimeField[] =>
    ids.flatMap((id, i) => [
      ...(i > 0 ? [{ key: `${id}.arrival`, id, kind: 'arrival' as const, label: t('services.arrivalOf', { station: stationName(id) }), value: times[id]?.arrival.trim() ?? '' }] : []),
      ...(i < ids.length - 1 ? [{ key: `${id}.departure`, id, kind: 'departure' as const, label: t('services.departureOf', { station: stationName(id) }), value: times[id]?.departure.trim() ?? '' }] : []),
    ]);
  /** Every time entered, written HH:mm, each later than the one before. */
  const checkTimes = (fields: TimeField[]): Record<string, string> => {
    const errors: Record<string, string> = {};
    for (const f of fields) {
      if (!f.value) errors[f.key] = v.required(f.label);
      else if (!isHhmm(f.value)) errors[f.key] = v.time(f.label);
    }
    if (Object.keys(errors).length > 0) return errors;
    for (const [i, f] of fields.entries()) {
      const before = fields[i - 1];
      if (before && f.value <= before.value) errors[f.key] = v.timeAfter(before.label, f.label);
    }
    return errors;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setNameError(nameJa.trim() ? null : v.required(t('services.nameJa')));
    const fields = timeFields();
    const problems = checkTimes(fields);
    setTimeErrors(problems);
    // The specification's words when a time is missing: all arrival and departure times must be entered.
    if (fields.some((f) => !f.value)) setError(t('services.timesRequired'));
    if (Object.keys(problems).length > 0 || !nameJa.trim()) return;
    const items = ids.map((id, i) => ({
      station_id: id,
      arrival_hhmm: i === 0 ? null : times[id]?.arrival.trim() || null,
      departure_hhmm: i === ids.length - 1 ? null : times[id]?.departure.trim() || null,
    }));
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
                      <TextInput aria-label={t('services.arrivalOf', { station: stationName(id) })} placeholder="HH:mm" leftSection={t('services.arrival')} leftSectionWidth={44} value={times[id]?.arrival ?? ''} error={timeErrors[`${id}.arrival`]} onChange={(e) => setTime(id, 'arrival', e.currentTarget.value)} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i < ids.length - 1 && (
                      <TextInput aria-label={t('services.departureOf', { station: stationName(id) })} placeholder="HH:mm" leftSection={t('services.departure')} leftSectionWidth={44} value={times[id]?.departure ?? ''} error={timeErrors[`${id}.departure`]} onChange={(e) => setTime(id, 'departure', e.currentTarget.value)} />
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
