import type { ReactNode } from 'react';
import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { CustomerBookingSummary } from '@sagano/domain/seats/seat-schemas';
import { useCustomerStations, voucherHref } from '../api/customer-api.ts';
import { STATUS_COLORS, customerStatus, formatServiceDate, sortTrips, stationName, tripKind } from './customer-format.ts';
import type { CustomerPageView } from './customer-state.ts';
import { Section } from './section.tsx';
import { SeatLines } from './seat-lines.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Booking number, group, status and head count. */
export function BookingDetails({ summary }: { summary: CustomerBookingSummary }) {
  const { t } = useTranslation('customer');
  const agentName = useAgentName();
  const status = customerStatus(summary.status);
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby="customer-booking-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" align="center" gap="xs">
            <Text size="sm" c="dimmed" id="customer-booking-heading">
              {t('booking.heading')}
            </Text>
            <Badge size="lg" radius="sm" variant="light" tt="none" color={STATUS_COLORS[status]} aria-label={`${t('booking.status')}: ${t(`status.${status}`)}`}>
              {t(`status.${status}`)}
            </Badge>
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {summary.group_name}
          </Title>
        </Stack>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Field label={t('booking.number')}>
            <span style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.04em' }}>{summary.booking_id}</span>
          </Field>
          {summary.agent_name && <Field label={t('booking.agent')}>{agentName(summary.agent_name, summary.agent_name_en)}</Field>}
          <Field label={t('booking.participants')}>{t('booking.people', { n: summary.participant_quantity })}</Field>
          <Field label={t('booking.wheelchairs')}>{t('booking.people', { n: summary.wheelchairs })}</Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** One stop of the ride: "09:30 発  トロッコ亀岡". */
function Stop({ time, station }: { time: string | null; station: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={84} style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
        {time}
      </Text>
      <Text fw={500}>{station}</Text>
    </Group>
  );
}

/** Each train in riding order: 往路 / 復路, date with weekday, train name, stations and times, seats by car. */
/** What stands where seats or the voucher would be: coming, after the operator's answer, on hold, or none at all. */
const NO_SEATS_TEXT = { coming: 'trains.noSeats', afterAnswer: 'trains.noSeatsAfterAnswer', onHold: 'trains.noSeatsOnHold', never: 'trains.noSeatsNever' } as const satisfies Record<CustomerPageView['seats'], string>;
const NO_VOUCHER_TEXT = { coming: 'voucher.notYet', afterAnswer: 'voucher.afterAnswer', onHold: 'voucher.onHold', never: 'voucher.never' } as const satisfies Record<Exclude<CustomerPageView['voucher'], 'ready'>, string>;

export function TrainList({ summary, view }: { summary: CustomerBookingSummary; view: CustomerPageView }) {
  const { t, i18n } = useTranslation('customer');
  const language = i18n.resolvedLanguage ?? 'ja';
  const stations = useCustomerStations().data?.stations;
  const trains = sortTrips(summary.trains);
  return (
    <Section title={t('trains.heading')} labelledBy="customer-trains-heading">
      {trains.length === 0 && <Text c="dimmed">{t('trains.none')}</Text>}
      {trains.map((train, index) => {
        const kind = tripKind(index, trains.length);
        const hasSeats = train.cars.some((c) => c.seats.length > 0) || train.standing > 0;
        return (
          <Stack key={`${train.direction}-${train.service_day}-${train.service_id}`} gap={6}>
            {index > 0 && <Divider mb={6} />}
            <Group gap="xs" align="center">
              <Badge variant="filled" radius="sm" tt="none">
                {t(`trains.${kind}`)}
              </Badge>
              <Text fw={700}>{formatServiceDate(train.service_day, language)}</Text>
            </Group>
            <Text fw={600} size="lg">
              {labelText(train.service_names, language)}
            </Text>
            <Stack gap={2}>
              <Stop time={train.departure_hhmm && t('trains.departure', { time: train.departure_hhmm })} station={stationName(train.from_station_id, language, stations)} />
              <Stop time={train.arrival_hhmm && t('trains.arrival', { time: train.arrival_hhmm })} station={stationName(train.to_station_id, language, stations)} />
            </Stack>
            <Stack gap={2} mt={4}>
              <Text size="xs" c="dimmed">
                {t('trains.seats')}
              </Text>
              {hasSeats ? (
                <SeatLines
                  cars={train.cars.filter((c) => c.seats.length > 0).map((c) => ({ car: c.car_number, seats: c.seats }))}
                  standing={train.standing}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t(NO_SEATS_TEXT[view.seats])}
                </Text>
              )}
            </Stack>
          </Stack>
        );
      })}
    </Section>
  );
}

/** The voucher note and the PDF download (once the voucher is confirmed). */
export function VoucherCard({ summary, token, view }: { summary: CustomerBookingSummary; token: string; view: CustomerPageView }) {
  const { t, i18n } = useTranslation('customer');
  const note = summary.voucher_note.trim();
  return (
    <Section title={t('voucher.heading')} icon={<IconFileText size={22} aria-hidden />} labelledBy="customer-voucher-heading">
      {summary.voucher_available && view.voucher === 'ready' ? (
        <>
          <Text size="sm">{t('voucher.description')}</Text>
          <Button
            component="a"
            href={voucherHref(summary.booking_id, token, summary.voucher_url, i18n.resolvedLanguage)}
            download
            leftSection={<IconDownload size={18} aria-hidden />}
            size="md"
            fullWidth
          >
            {t('voucher.download')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t(NO_VOUCHER_TEXT[view.voucher === 'ready' ? 'coming' : view.voucher])}
        </Text>
      )}
      {note && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('voucher.note')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note}
          </Text>
        </Stack>
      )}
    </Section>
  );
}

/** The fare's invoice (適格請求書) as a PDF, while the fare has one. */
export function InvoiceCard({ summary }: { summary: CustomerBookingSummary }) {
  const { t } = useTranslation('customer');
  if (!summary.invoice_url) return null;
  return (
    <Section title={t('invoice.heading')} icon={<IconFileText size={22} aria-hidden />} labelledBy="customer-invoice-heading">
      <Text size="sm">{t('invoice.description')}</Text>
      <Button component="a" href={summary.invoice_url} download variant="light" leftSection={<IconDownload size={18} aria-hidden />} size="md" fullWidth data-testid="customer-invoice-link">
        {t('invoice.download')}
      </Button>
    </Section>
  );
}
