import { Alert, Badge, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PrintablePageBar } from '../components/printable-page-bar.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatRatePercent, formatYen } from '../../../lib/yen.ts';
import { useBookingCancellationPolicy } from '../api/get-booking-cancellation-policy.ts';
import { CANCELLATION_POLICY_DOCUMENT } from '../components/cancellation-policy-table.tsx';

/** A yyyy-MM-dd date as the document prints it, with its weekday (2030年5月9日(木) / Thu, 9 May 2030). */
function useDocumentDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ja-JP', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
}

/**
 * /cancellation-policy/document/{bookingId}: the cancellation-policy document of one booking
 * (spec 001 §7.7): the policy it is priced on (frozen at confirmation), as the days a cancellation
 * costs each rate and the fee in yen for the booking as it stands; today's row marked; printable.
 * Opened from the booking's page and its cancel page (signed in: the booking's agent or the back office).
 */
export function Component() {
  const { t, i18n } = useTranslation('bookings');
  const { bookingId = '' } = useParams();
  const valid = /^\d{8}$/.test(bookingId);
  const { data, error } = useBookingCancellationPolicy(valid ? bookingId : '');
  const date = useDocumentDate();
  if (!valid || (error instanceof ApiError && (error.status === 404 || error.status === 403))) return <NotFoundScreen />;
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });
  const en = i18n.language === 'en';

  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="md">
        <PrintablePageBar />
        <Title order={1} size="h2">
          {t('bookingPolicy.title', { id: bookingId })}
        </Title>
        {!data ? (
          <Loader size="sm" role="status" aria-label={t('bookingPolicy.title', { id: bookingId })} />
        ) : (
          <>
            <Text size="sm">{t('bookingPolicy.lead')}</Text>
            <Paper withBorder p="md" component="section" aria-label={t('bookingPolicy.booking')}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">{t('bookingPolicy.bookingId')}</Text>
                  <Text size="sm">{data.booking_id}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">{t('bookingPolicy.group')}</Text>
                  <Text size="sm">{data.group_name}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">{t('bookingPolicy.serviceDate')}</Text>
                  <Text size="sm">{date(data.service_date)}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">{t('bookingPolicy.total')}</Text>
                  <Text size="sm">{yen(data.total_amount)}</Text>
                </Stack>
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt="sm">
                {t('bookingPolicy.agent', { name: en && data.agent_name_en ? data.agent_name_en : data.agent_name })}
              </Text>
            </Paper>

            {data.cancellation_fee !== null && (
              <Alert color="orange" icon={<IconInfoCircle size={16} aria-hidden />} data-testid="policy-quoted">
                {t('bookingPolicy.quoted', { fee: yen(data.cancellation_fee) })}
              </Alert>
            )}

            <Paper withBorder component="section" aria-labelledby="booking-policy-table">
              <Title id="booking-policy-table" order={2} size="h5" p="md" pb={0}>
                {t('bookingPolicy.table')}
              </Title>
              <Table aria-labelledby="booking-policy-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="booking-policy-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bookingPolicy.period')}</Table.Th>
                    <Table.Th>{t('bookingPolicy.notice')}</Table.Th>
                    <Table.Th ta="right">{t('bookingPolicy.rate')}</Table.Th>
                    <Table.Th ta="right">{t('bookingPolicy.fee')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.free_until && (
                    <Table.Tr data-current={data.in_force_days_before === null || undefined} fw={data.in_force_days_before === null ? 700 : undefined}>
                      <Table.Td>
                        {t('bookingPolicy.until', { date: date(data.free_until) })}
                        {data.in_force_days_before === null && <TodayBadge />}
                      </Table.Td>
                      <Table.Td>{t('bookingPolicy.beforeEvery', { count: (data.rows[0]?.days_before ?? 0) + 1 })}</Table.Td>
                      <Table.Td ta="right">{t('cancel.percent', { value: '0' })}</Table.Td>
                      <Table.Td ta="right">{t('bookingPolicy.noFee')}</Table.Td>
                    </Table.Tr>
                  )}
                  {data.rows.map((row, i) => {
                    const current = row.days_before === data.in_force_days_before;
                    const last = i === data.rows.length - 1;
                    return (
                      <Table.Tr key={row.days_before} data-current={current || undefined} fw={current ? 700 : undefined}>
                        <Table.Td>
                          {last ? t('bookingPolicy.onAndAfter', { date: date(row.from_date) }) : row.from_date === row.to_date ? date(row.from_date) : t('bookingPolicy.range', { from: date(row.from_date), to: date(row.to_date) })}
                          {current && <TodayBadge />}
                        </Table.Td>
                        <Table.Td>{row.days_before === 0 ? t('cancel.onTheDay') : t('cancel.daysBefore', { count: row.days_before })}</Table.Td>
                        <Table.Td ta="right">{t('cancel.percent', { value: formatRatePercent(row.rate_e6) })}</Table.Td>
                        <Table.Td ta="right">{row.fee_amount === 0 ? t('bookingPolicy.noFee') : yen(row.fee_amount)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>

            <Stack gap={4}>
              <Text size="sm">{data.frozen ? t('bookingPolicy.frozen') : t('bookingPolicy.notFrozen')}</Text>
              {data.ignore_cancellation_policy && <Text size="sm">{t('bookingPolicy.ignore')}</Text>}
              <Text size="sm">{t('cancel.policyNote')}</Text>
              <Text size="sm">{t('bookingPolicy.amountNote')}</Text>
            </Stack>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">{t('bookingPolicy.asOf', { date: date(data.today) })}</Text>
              <Button component="a" href={CANCELLATION_POLICY_DOCUMENT} variant="subtle" size="compact-sm">
                {t('bookingPolicy.general')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}

function TodayBadge() {
  const { t } = useTranslation('bookings');
  return (
    <Badge ml="xs" size="sm" variant="light" color="orange">
      {t('bookingPolicy.today')}
    </Badge>
  );
}
