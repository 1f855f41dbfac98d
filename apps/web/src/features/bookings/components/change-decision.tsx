/**
 * Deciding an agent's change request: the change side by side (the server's
 * pending_change_summary), the dialog that declines it with a reason, and the notice the booking
 * shows after a decline.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_MODIFICATION_DECLINE_REASON } from '@sagano/domain/bookings/booking-constants';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { ChangeSummary, ChangeSummaryLeg } from '@sagano/domain/bookings/change-summary-schema';
import { counted } from '../../../components/length-counter.tsx';
import { closeAndNotify } from '../../../lib/notify.ts';
import { formatYen } from '../../../lib/yen.ts';
import { rejectModification, useBookingStep } from '../api/booking-steps.ts';
import type { BookingLabels } from './use-booking-labels.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

interface Row {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The change in rows of label / before / after (the same rows for the card and the dialogs). */
function useComparisonRows(summary: ChangeSummary, labels: BookingLabels): Row[] {
  const { t } = useTranslation('bookings');
  const none = t('changeSummary.none');
  const train = (l: ChangeSummaryLeg | null) => (l ? `${l.service_date} ${labels.label(l.service_name)}` : none);
  const segment = (l: ChangeSummaryLeg | null) => (l ? t('detail.segment', { from: labels.stationName(l.from_station_id), to: labels.stationName(l.to_station_id) }) : none);
  const people = (n: number) => t('changeSummary.people', { count: n });
  const chairs = (n: number, slope: number) => (slope > 0 ? t('changeSummary.wheelchairsWithSlope', { count: n, slope }) : t('changeSummary.wheelchairs', { count: n }));
  return [
    ...summary.legs.flatMap((leg) => [
      { key: `${leg.direction}-train`, label: t('changeSummary.train', { direction: t(`directionShort.${leg.direction}`) }), before: train(leg.before), after: train(leg.after) },
      { key: `${leg.direction}-segment`, label: t('changeSummary.segment', { direction: t(`directionShort.${leg.direction}`) }), before: segment(leg.before), after: segment(leg.after) },
    ]),
    ...summary.units.map((u) => ({ key: `unit-${u.unit_id}`, label: labels.unitName(u.unit_id), before: people(u.before_quantity), after: people(u.after_quantity) })),
    { key: 'participants', label: t('changeSummary.participants'), before: people(summary.participant_quantity.before), after: people(summary.participant_quantity.after) },
    {
      key: 'wheelchairs',
      label: t('changeSummary.wheelchairLabel'),
      before: chairs(summary.wheelchairs.before, summary.wheelchair_slopes.before),
      after: chairs(summary.wheelchairs.after, summary.wheelchair_slopes.after),
    },
    { key: 'total', label: t('changeSummary.total'), before: t('form.yen', { amount: formatYen(summary.amounts.before_total_amount) }), after: t('form.yen', { amount: formatYen(summary.amounts.after_total_amount) }) },
  ];
}

/** The change side by side: what differs is marked 変更; then the money and what happens to the seats. */
export function ChangeComparison({ summary, labels, showSeats = true }: { summary: ChangeSummary; labels: BookingLabels; showSeats?: boolean }) {
  const { t } = useTranslation('bookings');
  const rows = useComparisonRows(summary, labels);
  const a = summary.amounts;
  const difference =
    a.difference_amount > 0
      ? t('changeSummary.differencePay', { amount: formatYen(a.difference_amount) })
      : a.difference_amount < 0
        ? t('changeSummary.differenceRefund', { amount: formatYen(-a.difference_amount) })
        : t('changeSummary.differenceNone');
  return (
    <Stack gap="xs" data-testid="change-comparison">
      <Table withRowBorders verticalSpacing={4} fz="sm" aria-label={t('changeSummary.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('changeSummary.item')}</Table.Th>
            <Table.Th scope="col">{t('changeSummary.before')}</Table.Th>
            <Table.Th scope="col">{t('changeSummary.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const changed = r.before !== r.after;
            return (
              <Table.Tr key={r.key} data-testid={`change-row-${r.key}`} data-changed={changed}>
                <Table.Th scope="row" fw={500}>
                  {r.label}
                </Table.Th>
                <Table.Td>{r.before}</Table.Td>
                <Table.Td fw={changed ? 700 : undefined}>
                  {r.after}
                  {changed && <Text component="span" size="xs" c="red.9" fw={700} ml={4}>{t('changeSummary.changed')}</Text>}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Stack gap={2}>
        <Text size="sm">{t('changeSummary.fare', { amount: formatYen(a.fare_amount) })}</Text>
        <Text size="sm" data-testid="change-decrement-fee">{t('changeSummary.decrementFee', { amount: formatYen(a.decrement_fee_amount) })}</Text>
        <Text size="sm" fw={700} data-testid="change-difference">{difference}</Text>
      </Stack>
      {summary.other_changes.length > 0 && (
        <Text size="sm">{t('changeSummary.others', { fields: summary.other_changes.map((f) => t(`changeSummary.otherFields.${f}`)).join(t('changeSummary.separator')) })}</Text>
      )}
      {showSeats && (
        <Text size="sm" data-testid="change-seats">
          {t(`changeSummary.seats.${summary.seats}`)}
        </Text>
      )}
    </Stack>
  );
}

/** 変更をお断り: a dialog asks for the reason (sent to the agent) and shows what was asked. */
export function DeclineChangeButton({ booking, labels }: { booking: BookingResponse; labels: BookingLabels }) {
  const { t } = useTranslation(['bookings', 'common']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useBookingStep((text: string) => rejectModification(booking.booking_id, { reason: text }));
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = () => {
    if (!reason.trim()) {
      setError(validationMessage.required(t('declineChange.reason')));
      return;
    }
    decline.mutate(reason, closeAndNotify(() => { close(); setReason(''); }, t('steps.refuseChangeDone')));
  };
  return (
    <>
      <Button size="xs" color="red" variant="outline" onClick={() => setOpen(true)} data-testid="decline-change">
        {t('steps.refuseChange')}
      </Button>
      <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={open} onClose={close} title={t('declineChange.title')} size="lg">
        <Stack gap="sm">
          <Text size="sm">{t('declineChange.message')}</Text>
          {booking.pending_change_summary && <ChangeComparison summary={booking.pending_change_summary} labels={labels} showSeats={false} />}
          <Textarea
            label={t('declineChange.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            {...counted(reason, MAX_MODIFICATION_DECLINE_REASON, t('declineChange.reasonHint'))}
            error={error}
            required
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={decline.isPending}>
              {t('common:actions.close')}
            </Button>
            <Button color="red" loading={decline.isPending} onClick={submit}>
              {t('declineChange.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** After a decline (NOT_MODIFIED): the operator's reason, for both sides. */
export function ChangeDeclinedNotice({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  if (!booking.modification_decline_reason) return null;
  return (
    <Alert color="orange" variant="light" mt="md" icon={<IconInfoCircle size={18} aria-hidden />} title={t('declineChange.noticeTitle')} data-testid="change-declined">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {t('declineChange.noticeReason', { reason: booking.modification_decline_reason })}
      </Text>
    </Alert>
  );
}
