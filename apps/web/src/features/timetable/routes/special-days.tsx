import { useState } from 'react';
import { Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSpecialDays } from '../api/get-special-days.ts';
import { useUpdateSpecialDays } from '../api/update-special-days.ts';
import { RequestAffectedModal } from '../components/request-affected-modal.tsx';
import { TermSelect } from '../components/term-select.tsx';
import { useChosenTerm } from '../components/use-chosen-term.ts';
import { useWithNote } from '../../../lib/with-note.ts';

/** /special-days: pick a SPECIAL day, tick the special trains running then, request approval. */
export function Component() {
  const { t, i18n } = useTranslation(['timetable', 'common']);
  const withNote = useWithNote();
  const { terms, term, choose } = useChosenTerm();
  const special = useSpecialDays(term?.serviceTermId);
  const update = useUpdateSpecialDays();
  // The bookings on trains the request stops, refused when it is approved: shown once it is sent.
  const [affected, setAffected] = useState<AffectedBooking[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Record<string, number[]>>({});
  const days = special.data?.days ?? [];
  const day = days.find((d) => d.date === date) ?? days[0];
  const selected = day ? (ticked[day.date] ?? day.service_ids) : [];

  const save = () => {
    if (!term || !day) return;
    const same = [...selected].sort().join(',') === [...day.service_ids].sort().join(',');
    if (same) return notifyError(t('specialDays.noChanges'));
    update.mutate(
      { termId: term.serviceTermId, body: { days: [{ date: day.date, service_ids: selected }] } },
      { onSuccess: (answer) => { notifySuccess(t('specialDays.submitted')); setTicked({}); setAffected(answer.affected_bookings ?? null); }, onError: (e) => notifyApiError(e) },
    );
  };

  return (
    <>
      <PageHeader title={t('specialDays.title')} description={t('specialDays.description')} />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group align="flex-end">
            {terms.length > 0 && <TermSelect terms={terms} value={term?.serviceTermId} onChange={choose} />}
            {days.length > 0 && (
              <NativeSelect label={t('specialDays.day')} value={day?.date ?? ''} onChange={(e) => setDate(e.currentTarget.value)} data={days.map((d) => ({ value: d.date, label: `${d.date}${d.is_approval_pending ? ` (${t('specialDays.pending')})` : ''}` }))} w={240} />
            )}
          </Group>
          {special.data && days.length === 0 && <Text c="dimmed">{t('specialDays.none')}</Text>}
          {special.data && special.data.special_services.length === 0 && <Text c="dimmed">{t('specialDays.noSpecialServices')}</Text>}
          {day && (
            <Checkbox.Group label={t('specialDays.trains')} value={selected.map(String)} onChange={(v) => setTicked((prev) => ({ ...prev, [day.date]: v.map(Number) }))}>
              <Stack gap={6} mt={6}>
                {special.data!.special_services.map((s) => (
                  <Checkbox key={s.service_id} value={String(s.service_id)} label={withNote(labelText(s.names, i18n.language), t(`services.directions.${s.direction}`))} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {day?.is_approval_pending && <Badge variant="outline" color="violet">{t('specialDays.pending')}</Badge>}
          <Group justify="flex-end"><Button onClick={save} loading={update.isPending} disabled={!day}>{t('specialDays.save')}</Button></Group>
        </Stack>
      </Paper>
      <RequestAffectedModal bookings={affected} onClose={() => setAffected(null)} />
    </>
  );
}
