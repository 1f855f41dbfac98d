import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { CancellationSettlement } from '../../../components/cancellation-settlement.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { cancelBooking, useBookingStep } from '../api/booking-steps.ts';
import { useBooking } from '../api/get-booking.ts';
import { useCancellationFee } from '../api/get-cancellation-fee.ts';
import { CancellationPolicyTable, bookingPolicyDocument } from '../components/cancellation-policy-table.tsx';
import { formatRatePercent, formatYen } from '../../../lib/yen.ts';


/**
 * /bookings/{bookingId}/cancel: the fee cancelling today would cost under the booking's policy.
 * An agent agrees to the policy to ask (unless its agent ignores the policy); staff start the
 * cancellation, which the agent then agrees to. Under the fee, before agreeing: how the money
 * already paid would be settled (what pays the fee, what goes back and how, what is left to pay).
 */
export function Component() {
  const { t } = useTranslation('bookings');
  const { bookingId = '' } = useParams();
  const navigate = useNavigate();
  const operator = capabilitiesOf(useCurrentUser()).backOffice;
  const { data: booking } = useBooking(bookingId);
  const { data: quote } = useCancellationFee(bookingId);
  const [agreed, setAgreed] = useState(false);
  const cancel = useBookingStep(() => cancelBooking(bookingId, { agree_cancellation_policy: agreed }));
  if (!booking || !quote) return null;

  const needsAgreement = !operator && !quote.ignore_cancellation_policy;
  const yen = (amount: number) => t('form.yen', { amount: formatYen(amount) });

  return (
    <>
      <PageHeader title={t('cancel.title', { id: booking.booking_id })} />
      <Anchor component={Link} to={`/bookings/${booking.booking_id}`} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('histories.backToDetail')}
      </Anchor>
      <Stack gap="md" maw={760}>
        {!booking.flags.can_cancel && (
          <Alert color="gray" icon={<IconInfoCircle size={16} aria-hidden />}>
            {t('cancel.notPossible')}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-label={t('cancel.feeTitle')}>
          <Title order={2} size="h5" mb="sm">
            {t('cancel.feeTitle')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('cancel.group')}</Text>
              <Text size="sm">{booking.group.name}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('cancel.daysLeft')}</Text>
              <Text size="sm">{quote.days_left < 0 ? t('cancel.afterService') : t('cancel.days', { count: quote.days_left })}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('cancel.total')}</Text>
              <Text size="sm">{yen(quote.total_amount)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('cancel.rate')}</Text>
              <Text size="sm">{t('cancel.percent', { value: formatRatePercent(quote.rate_e6) })}</Text>
            </Stack>
          </SimpleGrid>
          <Group mt="md" gap="xs" align="baseline">
            <Text fw={700}>{t('cancel.fee')}</Text>
            <Text fw={700} size="xl" data-testid="cancellation-fee">
              {yen(quote.cancellation_fee)}
            </Text>
          </Group>
          {quote.cancellation_fee === 0 && quote.rate_e6 > 0 && <Text size="sm" c="dimmed">{t('cancel.notConfirmed')}</Text>}
          <Divider my="md" />
          <CancellationSettlement settlement={quote.settlement} />
        </Paper>

        <CancellationPolicyTable policy={quote.policy} currentDaysBefore={quote.days_before ?? undefined} documentHref={bookingPolicyDocument(booking.booking_id)} />

        {booking.flags.can_cancel && (
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text size="sm">{operator ? (quote.ignore_cancellation_policy ? t('cancel.operatorAtOnce') : t('cancel.operatorPending')) : t('cancel.agentAsk')}</Text>
              {needsAgreement && <Checkbox label={t('cancel.agree')} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />}
              <Group justify="flex-end">
                <Button
                  color="red"
                  disabled={needsAgreement && !agreed}
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(undefined, {
                      onSuccess: (answer) => {
                        notifySuccess(t(answer.status === 'CANCELLED' ? 'cancel.doneCancelled' : answer.status === 'CANCELLATION_PENDING' ? 'cancel.donePending' : 'cancel.doneAsked'));
                        void navigate(`/bookings/${booking.booking_id}`);
                      },
                    })
                  }
                >
                  {operator ? t('cancel.start') : t('cancel.ask')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
