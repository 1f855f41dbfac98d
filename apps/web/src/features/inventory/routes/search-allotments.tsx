import { ActionIcon, Alert, Button, Group, LoadingOverlay, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAllotmentCalendar } from '../api/get-allotment-calendar.ts';
import { AllotmentCalendar, CalendarLegend } from '../components/allotment-calendar.tsx';
import { formatYearMonth, parseYearMonth, shiftMonth, yearMonthOf, type YearMonth } from '../../../lib/calendar-grid.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

type DirectionFilter = Direction | 'both';

function directionsOf(filter: DirectionFilter): Direction[] {
  return filter === 'both' ? ['down', 'up'] : [filter];
}

/** /search-allotments: the month calendar of group seat levels. Month and direction live in the address. */
export function Component() {
  const { t, i18n } = useTranslation(['inventory', 'portal']);
  const [searchParams, setSearchParams] = useSearchParams();
  const backOffice = capabilitiesOf(useCurrentUser()).backOffice;
  const month = parseYearMonth(searchParams.get('month')) ?? yearMonthOf(tokyoToday());
  const rawDirection = searchParams.get('direction');
  const filter: DirectionFilter = rawDirection === 'down' || rawDirection === 'up' ? rawDirection : 'both';
  const directions = directionsOf(filter);
  const calendar = useAllotmentCalendar({ year: month.year, month: month.month, directions });

  const go = (next: { month?: YearMonth; filter?: DirectionFilter }) => {
    const params = new URLSearchParams();
    params.set('month', formatYearMonth(next.month ?? month));
    const f = next.filter ?? filter;
    if (f !== 'both') params.set('direction', f);
    setSearchParams(params);
  };
  const heading = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );

  return (
    <>
      <PageHeader title={t('inquiry.title')} description={t('inquiry.description')} />
      {!backOffice && (
        <Alert color="blue" variant="light" mb="md">
          {t('portal:inquiry.agentHint')}
        </Alert>
      )}
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={calendar.isFetching && !calendar.data} />
        <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={t('inquiry.previousMonth')} onClick={() => go({ month: shiftMonth(month, -1) })}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Title order={2} size="h4" miw={130} ta="center" aria-live="polite">
              {heading}
            </Title>
            <ActionIcon variant="default" size="lg" aria-label={t('inquiry.nextMonth')} onClick={() => go({ month: shiftMonth(month, 1) })}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            <Button variant="subtle" size="compact-sm" style={{ flexShrink: 0 }} onClick={() => go({ month: yearMonthOf(tokyoToday()) })}>
              {t('inquiry.thisMonth')}
            </Button>
          </Group>
          <Group gap="xs">
            <Text size="sm" id="direction-filter-label">
              {t('inquiry.direction')}
            </Text>
            <SegmentedControl
              aria-labelledby="direction-filter-label"
              value={filter}
              onChange={(value) => go({ filter: value as DirectionFilter })}
              data={[
                { value: 'both', label: t('inquiry.bothDirections') },
                { value: 'down', label: t('directions.down') },
                { value: 'up', label: t('directions.up') },
              ]}
            />
          </Group>
        </Group>
        <PendingFrame pending={calendar.isPlaceholderData}>
          <AllotmentCalendar month={month} days={calendar.data?.days ?? []} directions={directions} showApprovals={backOffice} />
          <CalendarLegend showApprovals={backOffice} />
        </PendingFrame>
      </Paper>
    </>
  );
}
