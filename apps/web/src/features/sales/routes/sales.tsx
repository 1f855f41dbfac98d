import { Alert, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lastDayOfMonth, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { SALES_MAX_PERIOD_DAYS, SalesSummaryQuery, type SalesFigures } from '@sagano/domain/sales/sales-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatYen } from '../../../lib/yen.ts';
import { useAgentName } from '../../../lib/agent-name.ts';
import { useSalesSummary } from '../api/get-sales-summary.ts';
import { SalesBreakdown, type SalesBreakdownRow } from '../components/sales-breakdown.tsx';
import type { PaymentMethod } from '@sagano/domain/payments/payment-state';
import { inSentence, validationMessage } from '../../../lib/validation-messages.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

type Labels = { language_id: string; text: string }[];
const labelIn = (labels: Labels, language: string) => (labels.find((l) => l.language_id === language) ?? labels.find((l) => l.language_id === 'ja') ?? labels[0])?.text ?? '';

/** This month in Tokyo: the period the screen opens with. */
function thisMonth(): { from_date: string; to_date: string } {
  const month = monthOf(tokyoToday());
  return { from_date: `${month}-01`, to_date: lastDayOfMonth(month) };
}

/** The totals' cards, in two rows of four: billed and its parts, then money in and out, and the counts. */
const TOTALS = ['amount', 'fare', 'discrepancy', 'cancellation_fee', 'received', 'refunded', 'bookings', 'people'] as const;

/**
 * /sales (売上管理): the sales of a period of service dates (this month unless the address says
 * otherwise): totals, then per day, train, segment, agent and payment method a chart with its
 * table beside it. What counts as a sale is the server's (DESIGN §6 "Sales"): each booking's billed
 * figure as its payments show it; the totals add what was received and refunded, the same
 * figures as the booking's account (payments' BookingMoneyFigures), refunded as a positive amount.
 */
export function Component() {
  const { t, i18n } = useTranslation('sales');
  const agentName = useAgentName();
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = thisMonth();
  const period = { from_date: searchParams.get('from') ?? fallback.from_date, to_date: searchParams.get('to') ?? fallback.to_date };
  const parsed = SalesSummaryQuery.safeParse(period);
  // A period the server would refuse, in the fields' words (read from the address, so said above the figures).
  const periodErrors = parsed.success
    ? []
    : Object.values(
        zodValidate(SalesSummaryQuery, { from_date: () => t('period.from'), to_date: () => t('period.to') }, {
          to_date: () =>
            period.to_date < period.from_date
              ? validationMessage.dateOrder(t('period.from'), t('period.to'))
              : t('period.tooLong', { from: inSentence(t('period.from')), to: inSentence(t('period.to')), days: SALES_MAX_PERIOD_DAYS }),
        })(period),
      );
  const summary = useSalesSummary(parsed.success ? parsed.data : null);
  const [from, setFrom] = useState(period.from_date);
  const [to, setTo] = useState(period.to_date);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams({ from, to });
  };
  const data = summary.data;
  const lang = i18n.language;
  const rowsOf = <T extends SalesFigures>(list: T[], key: (r: T) => string, label: (r: T) => string): SalesBreakdownRow[] => list.map((r) => ({ ...r, key: key(r), label: label(r) }));

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Paper withBorder p="md" mb="md" component="form" role="search" aria-label={t('period.label')} onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField label={t('period.from')} value={from} onChange={setFrom} />
          <DateField label={t('period.to')} value={to} onChange={setTo} />
          <Button type="submit">{t('period.show')}</Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('period.hint')}
        </Text>
      </Paper>
      {periodErrors.length > 0 && (
        <Alert color="red" mb="md" role="alert">
          {periodErrors.join(' ')}
        </Alert>
      )}
      {summary.error && (
        <Alert color="red" mb="md" role="alert">
          {errorMessage(summary.error)}
        </Alert>
      )}
      {/* While another period's figures load, the period before stays, dimmed and marked busy. */}
      <PendingFrame pending={summary.isPlaceholderData}>
        <Stack gap="md" pos="relative">
          <LoadingOverlay visible={summary.isFetching && !data} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t('totals.label')} role="list">
            {TOTALS.map((k) => (
              <Paper key={k} withBorder p="sm" role="listitem" data-testid={`sales-total-${k}`}>
                <Text size="xs" c="dimmed">
                  {t(`figures.${k}`)}
                </Text>
                <Text size="lg" fw={700}>
                  {data ? (k === 'bookings' || k === 'people' ? t(`totals.${k}`, { count: data.totals[k] }) : t('totals.yen', { amount: formatYen(data.totals[k]) })) : '—'}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {data && (
            <>
              <SalesBreakdown id="day" title={t('breakdowns.day')} keyHeader={t('keys.day')} rows={rowsOf(data.by_day, (r) => r.service_date, (r) => r.service_date)} />
              <SalesBreakdown id="train" title={t('breakdowns.train')} keyHeader={t('keys.train')} rows={rowsOf(data.by_train, (r) => String(r.service_id), (r) => labelIn(r.names, lang))} />
              <SalesBreakdown
                id="segment"
                title={t('breakdowns.segment')}
                keyHeader={t('keys.segment')}
                rows={rowsOf(
                  data.by_segment,
                  (r) => `${r.from_station.station_id}-${r.to_station.station_id}`,
                  (r) => t('segment', { from: labelIn(r.from_station.labels, lang), to: labelIn(r.to_station.labels, lang) }),
                )}
              />
              <SalesBreakdown id="agent" title={t('breakdowns.agent')} keyHeader={t('keys.agent')} rows={rowsOf(data.by_agent, (r) => String(r.agent_id), (r) => agentName(r.name, r.name_en))} />
              <SalesBreakdown
                id="method"
                title={t('breakdowns.method')}
                keyHeader={t('keys.method')}
                rows={rowsOf(data.by_payment_method, (r) => r.payment_method, (r) => t(`paymentMethod.${r.payment_method as PaymentMethod}`))}
              />
            </>
          )}
        </Stack>
      </PendingFrame>
    </>
  );
}
