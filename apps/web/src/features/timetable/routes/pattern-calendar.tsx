import { useMemo, useState } from 'react';
import { Badge, Box, Button, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_DAY_PATTERNS, type ServiceDayPattern } from '@sagano/domain/timetable/timetable-schemas';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePatternCalendar } from '../api/get-pattern-calendar.ts';
import { useUpdatePatternCalendar } from '../api/update-pattern-calendar.ts';
import { PATTERN_COLORS } from '../components/pattern-colors.ts';
import { RequestAffectedModal } from '../components/request-affected-modal.tsx';
import { TermSelect } from '../components/term-select.tsx';
import { useChosenTerm } from '../components/use-chosen-term.ts';

/** /pattern-calendar: a month grid of the chosen term; click or drag to set days, then request approval. */
export function Component() {
  const { t } = useTranslation(['timetable', 'common']);
  const { terms, term, choose } = useChosenTerm();
  const calendar = usePatternCalendar(term?.serviceTermId);
  const update = useUpdatePatternCalendar();
  // The bookings on trains the request stops, refused when it is approved: shown once it is sent.
  const [affected, setAffected] = useState<AffectedBooking[] | null>(null);
  const [edits, setEdits] = useState<Record<string, ServiceDayPattern>>({});
  const [brush, setBrush] = useState<ServiceDayPattern>('ORDINARY');
  const [dragging, setDragging] = useState(false);
  const months = useMemo(() => [...new Set((calendar.data?.days ?? []).map((d) => d.date.slice(0, 7)))], [calendar.data]);
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const month = chosenMonth && months.includes(chosenMonth) ? chosenMonth : (months.find((m) => m >= new Date().toISOString().slice(0, 7)) ?? months[0]);
  const days = (calendar.data?.days ?? []).filter((d) => d.date.startsWith(month ?? '-'));
  const original = new Map((calendar.data?.days ?? []).map((d) => [d.date, d.service_pattern]));
  const changed = Object.entries(edits).filter(([date, p]) => original.get(date) !== p);
  const weekdays = t('patternCalendar.weekdays', { returnObjects: true }) as string[];
  const lead = days[0] ? new Date(`${days[0].date}T00:00:00Z`).getUTCDay() : 0;

  const paint = (date: string) => setEdits((prev) => ({ ...prev, [date]: brush }));
  const save = () => {
    if (!term) return;
    if (changed.length === 0) return notifyError(t('patternCalendar.noChanges'));
    update.mutate(
      { termId: term.serviceTermId, body: { days: changed.map(([date, service_pattern]) => ({ date, service_pattern })) } },
      { onSuccess: (answer) => { notifySuccess(t('patternCalendar.submitted')); setEdits({}); setAffected(answer.affected_bookings ?? null); }, onError: (e) => notifyApiError(e) },
    );
  };

  return (
    <>
      <PageHeader title={t('patternCalendar.title')} description={t('patternCalendar.description')} />
      <Paper withBorder p="md" onMouseUp={() => setDragging(false)} onMouseLeave={() => setDragging(false)}>
        <Stack gap="md">
          <Group align="flex-end" wrap="wrap">
            {terms.length > 0 && <TermSelect terms={terms} value={term?.serviceTermId} onChange={(id) => { setEdits({}); choose(id); }} />}
            <NativeSelect label={t('patternCalendar.month')} value={month ?? ''} onChange={(e) => setMonth(e.currentTarget.value)} data={months} w={140} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('patternCalendar.brush')}</Text>
              <SegmentedControl value={brush} onChange={(v) => setBrush(v as ServiceDayPattern)} data={SERVICE_DAY_PATTERNS.map((p) => ({ value: p, label: t(`patterns.${p}`) }))} aria-label={t('patternCalendar.brush')} />
            </Stack>
          </Group>
          <Group gap="xs" aria-label={t('patternCalendar.legend')}>
            {SERVICE_DAY_PATTERNS.map((p) => (
              <Badge key={p} radius="sm" styles={{ root: { background: PATTERN_COLORS[p].bg, color: PATTERN_COLORS[p].fg } }}>{t(`patterns.${p}`)}</Badge>
            ))}
            <Badge radius="sm" variant="outline" color="violet">{t('patternCalendar.pending')}</Badge>
          </Group>
          <Text size="sm" c="dimmed">{t('patternCalendar.hint')}</Text>
          <SimpleGrid cols={7} spacing={4} style={{ userSelect: 'none' }} role="group" aria-label={month}>
            {weekdays.map((w) => <Text key={w} ta="center" size="sm" fw={600}>{w}</Text>)}
            {Array.from({ length: lead }, (_, i) => <Box key={`lead-${i}`} />)}
            {days.map((d) => {
              const pattern = edits[d.date] ?? d.service_pattern;
              const isChanged = edits[d.date] !== undefined && edits[d.date] !== d.service_pattern;
              const colors = PATTERN_COLORS[pattern];
              return (
                <UnstyledButton
                  key={d.date}
                  aria-pressed={isChanged}
                  onMouseDown={() => { setDragging(true); paint(d.date); }}
                  onMouseEnter={() => dragging && paint(d.date)}
                  onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); paint(d.date); } }}
                  style={{ background: colors.bg, color: colors.fg, borderRadius: 6, padding: 6, minHeight: 64, border: d.is_approval_pending ? '2px dashed #6741d9' : isChanged ? '2px solid #1c7ed6' : '1px solid #dee2e6' }}
                >
                  {/* Named by what it shows after the full date (a screen reader hears 2026-11-01 1 通常運行). */}
                  <VisuallyHidden>{d.date}</VisuallyHidden>
                  <Text fw={700} size="sm">{Number(d.date.slice(8))}</Text>
                  <Text size="xs">{t(`patterns.${pattern}`)}</Text>
                  {d.is_approval_pending && <Text size="xs" c="violet.9" fw={600}>{t('patternCalendar.pending')}</Text>}
                  {isChanged && <Text size="xs" c="blue.9" fw={600}>{t('patternCalendar.changed')}</Text>}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm">{t('patternCalendar.changes', { count: changed.length })}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setEdits({})} disabled={changed.length === 0}>{t('patternCalendar.reset')}</Button>
              <Button onClick={save} loading={update.isPending}>{t('patternCalendar.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <RequestAffectedModal bookings={affected} onClose={() => setAffected(null)} />
    </>
  );
}
