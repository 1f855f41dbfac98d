import { Suspense, useState } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconEdit, IconFileText, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { mayTake, type BookingStep } from '@sagano/domain/bookings/booking-state';
import { bookingProgress, nextBookingStep } from '@sagano/domain/bookings/booking-progress';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { countryName } from '@sagano/domain/common/countries';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { CancellationSettlement } from '../../components/cancellation-settlement.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { closeAndNotify, notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  acceptModification,
  addSpecialNote,
  assignOperator,
  confirmBooking,
  confirmCancellation,
  refuseBooking,
  releaseAllotments,
  reserveAllotments,
  selectPriority,
  updateFromToStation,
  useBookingStep,
} from '../../features/bookings/api/booking-steps.ts';
import { useBooking } from '../../features/bookings/api/get-booking.ts';
import { useCancellationFee } from '../../features/bookings/api/get-cancellation-fee.ts';
import { prefectureOptions } from '../../features/bookings/components/prefecture-options.ts';
import { BookingNotes } from '../../features/bookings/components/booking-notes.tsx';
import { BookingProgress } from '../../features/bookings/components/booking-progress.tsx';
import { CancellationDeclinedNotice, DeclineCancellationButton } from '../../features/bookings/components/cancellation-decline.tsx';
import { bookingPolicyDocument } from '../../features/bookings/components/cancellation-policy-table.tsx';
import { AcceptChangeModal, OutdatedDocuments } from '../../features/bookings/components/change-documents.tsx';
import { ChangeDeclinedNotice, DeclineChangeButton } from '../../features/bookings/components/change-decision.tsx';
import { PaymentCard } from '../../features/bookings/components/payment-card.tsx';
import { SeatRequestButton, SeatRequestNotice } from '../../features/bookings/components/seat-request.tsx';
import { formatRatePercent, formatYen } from '../../lib/yen.ts';
import type { SimpleStep } from '../../features/bookings/components/simple-step-modals.tsx';
import { MailStepModal, SimpleStepModal } from '../../features/bookings/components/lazy-step-modals.ts';
import { BookingStatusBadges, PaymentStatusBadge } from '../../features/bookings/components/status-badges.tsx';
import { useBookingLabels } from '../../features/bookings/components/use-booking-labels.ts';
import { BookingDocuments } from '../../features/seats/components/booking-documents.tsx';
import { CheckoutReturnNotice } from '../../features/payments/components/checkout-return-notice.tsx';
import { PaymentPanel } from '../../features/payments/components/payment-panel.tsx';
import { BookingAccount } from '../../features/payments/components/booking-account.tsx';
import { SeatStepButtons } from '../components/seat-step-buttons.tsx';
import { useAgentName } from '../../lib/agent-name.ts';

import { BookingField, BookingParticipants, BookingSection, BookingTrains, PendingChange } from '../../features/bookings/components/booking-detail-sections.tsx';

/**
 * What an agent may do with the booking, as its flags say: agree to the fee the operator quoted
 * (取消料に同意), ask to cancel (取消申込); what waits for the operator is said in words.
 */
function AgentSteps({ booking, fee, onAgreeFee }: { booking: BookingResponse; fee: string; onAgreeFee: () => void }) {
  const { t } = useTranslation('portal');
  const { flags, status } = booking;
  const waiting = status === 'SUBMITTED' || status === 'MODIFICATION_SUBMITTED' || status === 'CANCELLATION_SUBMITTED' ? status : null;
  if (!flags.can_confirm_cancellation && !flags.can_cancel && !waiting) return null;
  return (
    <Stack gap="xs" mt="md">
      {flags.can_confirm_cancellation && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={t('bookings.feeQuotedTitle')}>
          {t('bookings.feeQuoted', { fee })}
        </Alert>
      )}
      {waiting && (
        <Text size="sm" c="dimmed" data-testid="agent-waiting">
          {t(`bookings.waiting.${waiting}`)}
        </Text>
      )}
      {(flags.can_confirm_cancellation || flags.can_cancel) && (
        <Group gap="xs" role="group" aria-label={t('bookings.stepsLabel')}>
          {flags.can_confirm_cancellation && (
            <Button color="red" onClick={onAgreeFee}>
              {t('bookings.agreeFee')}
            </Button>
          )}
          <DeclineCancellationButton booking={booking} agent />
          {flags.can_cancel && (
            <Button component={Link} to="cancel" color="red" variant="outline">
              {t('bookings.requestCancel')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** How confirming the cancellation settles the money (the quote's settlement), asked for when the dialog opens. */
function QuotedSettlement({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('payments');
  const { data: quote, isPending } = useCancellationFee(bookingId);
  if (isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('settlement.loading')}
      </Text>
    );
  }
  return quote ? <CancellationSettlement settlement={quote.settlement} /> : null;
}

/** /bookings/{bookingId}: the booking, its payment and notes, and the steps its flags allow. */
export function Component() {
  const { t, i18n } = useTranslation(['bookings', 'common', 'portal']);
  const agentName = useAgentName();
  const { bookingId = '' } = useParams();
  const user = useCurrentUser();
  const operator = capabilitiesOf(user).backOffice;
  // Agent staff: the steps their flags allow (ask to cancel, agree to a quoted fee, ask for a change).
  const agent = capabilitiesOf(user).agentPortal;
  const labels = useBookingLabels();
  const { data: booking, refetch } = useBooking(bookingId);
  // Back from the card provider's page: the notice waits for the payment to be confirmed.
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedFromCheckout = searchParams.get('payment') === 'returned';
  const [mailStep, setMailStep] = useState<'booking_ok' | 'booking_ng' | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [simple, setSimple] = useState<SimpleStep | null>(null);

  const reserve = useBookingStep(() => reserveAllotments(bookingId));
  const finishCancel = useBookingStep(() => confirmCancellation(bookingId));
  const acceptChange = useBookingStep(() => acceptModification(bookingId));
  const release = useBookingStep(() => releaseAllotments(bookingId));
  const confirm = useBookingStep((mail: { subject: string; body: string }) => confirmBooking(bookingId, { mail }));
  const refuse = useBookingStep((v: { mail: { subject: string; body: string }; reason: NonNullable<BookingResponse['refusal_reason']> }) => refuseBooking(bookingId, v));
  const simpleStep = useBookingStep(({ step, value }: { step: SimpleStep; value: Record<string, unknown> }) => {
    if (step === 'priority') return selectPriority(bookingId, value as { priority: number });
    if (step === 'operator') return assignOperator(bookingId, value as { operator_name: string });
    if (step === 'specialNote') return addSpecialNote(bookingId, value as { confirm_note: string; voucher_note: string });
    return updateFromToStation(bookingId, value as { direction: 'down' | 'up'; from_station_id: number; to_station_id: number });
  });
  if (!booking) return null;

  const flags = booking.flags;
  // The small steps carry no can_* flag in the answer: the domain's own rule decides, as on the server.
  const state = { status: booking.status, subStatus: booking.sub_status, isRoundTrip: booking.main_params.service_order.is_round_trip, voucherConfirmed: false, ignoreCancellationPolicy: false };
  const may = (step: BookingStep) => operator && mayTake(step, state, 'OPERATOR');
  const prefecture = prefectureOptions(i18n.language, t('form.overseas')).find((p) => p.value === String(booking.group.japan_prefecture_code));
  const cancellation = booking.main_params.cancellation;
  // Where the booking stands and the one step to take next (the stepper and its filled button).
  const progressInput = {
    state: { ...state, voucherConfirmed: flags.can_show_voucher },
    voucherSent: booking.documents.voucher_sent_at !== null,
    outdated: booking.documents.outdated,
  };
  const progress = bookingProgress(progressInput);
  const next = operator ? nextBookingStep(progressInput) : null;
  const reserveButton = (variant: 'filled' | 'default') => (
    <Button
      variant={variant}
      loading={reserve.isPending}
      onClick={() =>
        reserve.mutate(undefined, {
          onSuccess: (answer) => (answer.warning ? notifyError(`${t('steps.reserveWarning')}: ${answer.warning}`) : notifySuccess(t('steps.reserveDone'))),
        })
      }
    >
      {t('progress.actions.reserve')}
    </Button>
  );
  const confirmButton = (variant: 'filled' | 'default') => (
    <Button variant={variant} onClick={() => setMailStep('booking_ok')}>
      {t('progress.actions.confirm')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('detail.title', { id: booking.booking_id })}
        actions={
          <>
            <Button component={Link} to="histories" variant="default" size="xs" leftSection={<IconHistory size={14} aria-hidden />}>
              {t('detail.histories')}
            </Button>
            {flags.can_update && (
              <Button component={Link} to="update" variant="default" size="xs" leftSection={<IconEdit size={14} aria-hidden />}>
                {t('detail.update')}
              </Button>
            )}
            {(operator || agent) && (
              <Button component={Link} to="copy" variant="default" size="xs" leftSection={<IconCopy size={14} aria-hidden />}>
                {t('detail.copy')}
              </Button>
            )}
            {/* The booking's cancellation-policy document (spec 001 §7.7): its days and fees, printable. */}
            {(operator || agent) && (
              <Button component="a" href={bookingPolicyDocument(booking.booking_id)} target="_blank" rel="noopener" variant="default" size="xs" leftSection={<IconFileText size={14} aria-hidden />}>
                {t('bookingPolicy.link')}
              </Button>
            )}
          </>
        }
      />
      <Anchor component={Link} to="/bookings" size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('detail.backToList')}
      </Anchor>
      <Paper withBorder p="md" mb="md">
        {operator && (
          <Stack gap="sm" mb="md" data-testid="operator-steps">
            <Group align="center" gap="md" wrap="wrap">
              <BookingProgress progress={progress} booking={booking} />
              <Group gap="xs" role="group" aria-label={t('progress.next')} data-testid="next-step">
                {next === 'confirm_cancellation' && (
                  <Button color="red" onClick={() => setConfirmingCancel(true)}>
                    {t('steps.confirmCancellation')}
                  </Button>
                )}
                {next === 'confirm_cancellation' && <DeclineCancellationButton booking={booking} agent={false} />}
                {next === 'reserve_allotments' && reserveButton('filled')}
                {next === 'confirm_booking' && confirmButton('filled')}
                <SeatStepButtons booking={booking} next={next} part="primary" />
              </Group>
            </Group>
            {booking.status === 'MODIFICATION_SUBMITTED' && (
              // orange.9 alone is 4.2:1 on white: darkened as the theme darkens light variants.
              <Text size="sm" c="color-mix(in srgb, var(--mantine-color-orange-9) 78%, black)" data-testid="change-requested">
                {t('progress.changeRequested')}
              </Text>
            )}
            <SeatRequestNotice booking={booking} />
            {progress.mode === 'progress' && progress.steps.every((s) => s.state === 'done') && (
              <Text size="sm" c="teal.9" data-testid="all-done">
                {t('progress.allDone')}
              </Text>
            )}
            <Group gap="xs" role="group" aria-label={t('progress.others')}>
              {flags.can_reserve_allotments && next !== 'reserve_allotments' && reserveButton('default')}
              {flags.can_release_allotments && (
                <Button variant="default" onClick={() => setReleasing(true)}>
                  {t('steps.release')}
                </Button>
              )}
              {flags.can_confirm_allotments && next !== 'confirm_booking' && confirmButton('default')}
              <SeatStepButtons booking={booking} next={next} part="secondary" />
              {may('select_priority') && <Button variant="subtle" onClick={() => setSimple('priority')}>{t('steps.priority')}</Button>}
              {may('assign_operator') && <Button variant="subtle" onClick={() => setSimple('operator')}>{t('steps.operator')}</Button>}
              {may('add_special_note') && <Button variant="subtle" onClick={() => setSimple('specialNote')}>{t('steps.specialNote')}</Button>}
              {may('update_from_to_station') && <Button variant="subtle" onClick={() => setSimple('stations')}>{t('steps.stations')}</Button>}
              {flags.can_refuse && (
                <Button color="red" variant="subtle" onClick={() => setMailStep('booking_ng')}>
                  {t('steps.refuse')}
                </Button>
              )}
              {flags.can_confirm_cancellation && next !== 'confirm_cancellation' && (
                <Button color="red" variant="outline" onClick={() => setConfirmingCancel(true)}>
                  {t('steps.confirmCancellation')}
                </Button>
              )}
              {next !== 'confirm_cancellation' && <DeclineCancellationButton booking={booking} agent={false} variant="subtle" />}
              {flags.can_cancel && (
                <Button component={Link} to="cancel" color="red" variant="subtle">
                  {t('steps.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" style={{ flex: 1 }}>
            <BookingField label={t('list.columns.status')} value={<span data-testid="booking-status"><BookingStatusBadges status={booking.status} subStatus={booking.sub_status} /></span>} />
            <BookingField label={t('detail.agent')} value={`${agentName(booking.agent_name, booking.agent_name_en)} / ${agentName(booking.agent_sub_group_name, booking.agent_sub_group_name_en)}`} />
            <BookingField label={t('detail.operator')} value={booking.operator_name || t('detail.noOperator')} />
            {operator && <BookingField label={t('detail.priority')} value={String(booking.priority)} />}
            <BookingField label={t('detail.submittedAt')} value={formatDateTime(booking.submitted_at)} />
            <BookingField label={t('detail.channel')} value={<span data-testid="booking-channel">{t(`channel.${booking.channel}`)}</span>} />
            {booking.instant_confirmation_rule && (
              <BookingField
                label={t('detail.instantRule')}
                value={<span data-testid="booking-instant-rule">{t('detail.instantRuleValue', { name: booking.instant_confirmation_rule.name })}</span>}
              />
            )}
            {booking.wait_listing && <BookingField label={t('detail.waitListing')} value="✓" />}
            {booking.refusal_reason && <BookingField label={t('detail.refusalReason')} value={t(`refusal.${booking.refusal_reason}`)} />}
            {booking.main_params.bulk_reservation_id !== null && <BookingField label={t('detail.bulkRun')} value={<span data-testid="booking-bulk-run">{t('detail.bulkRunValue', { id: booking.main_params.bulk_reservation_id })}</span>} />}
          </SimpleGrid>
        </Group>
        <CancellationDeclinedNotice booking={booking} />
        <ChangeDeclinedNotice booking={booking} />
        {agent && (
          <AgentSteps
            booking={booking}
            fee={t('form.yen', { amount: formatYen(cancellation?.total_cancellation_fee ?? 0) })}
            onAgreeFee={() => setConfirmingCancel(true)}
          />
        )}
        {agent && <SeatRequestButton booking={booking} />}
      </Paper>
      {operator && <OutdatedDocuments booking={booking} />}
      {/* Trains, people, applicant, payment and notes: below a phone's first screen, made after the first paint. */}
      <AfterFirstPaint>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              <BookingSection title={t('detail.sections.trains')}>
                <BookingTrains booking={booking} labels={labels} />
              </BookingSection>
              {/* Agent and station staff: the voucher and seat table as their flags allow, and the seats the group got. */}
              {!operator && booking.status !== 'NOT_RESERVED' && booking.status !== 'CANCELLED' && <BookingDocuments booking={booking} />}
              <BookingSection title={t('detail.sections.participants')}>
                <BookingParticipants booking={booking} labels={labels} />
              </BookingSection>
              <BookingSection title={t('detail.sections.applicant')}>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <BookingField label={t('form.applicantName')} value={booking.applicant.name} />
                  <BookingField label={t('form.email')} value={booking.applicant.email} />
                  <BookingField label={t('form.phone')} value={booking.applicant.phone_number} />
                  <BookingField label={t('form.conductorName')} value={booking.tour_conductor?.name} />
                  <BookingField label={t('form.conductorPhone')} value={booking.tour_conductor?.phone_number} />
                  <BookingField label={t('form.groupType')} value={t(`groupType.${booking.group.group_type}`)} />
                  <BookingField label={t('form.groupName')} value={booking.group.name} />
                  <BookingField label={t('form.groupKana')} value={booking.group.name_kana} />
                  <BookingField
                    label={t('form.country')}
                    value={booking.group.country_code === 'OTHER' ? t('form.otherCountry') : countryName(booking.group.country_code, i18n.language)}
                  />
                  <BookingField label={t('form.prefecture')} value={prefecture?.label} />
                  <BookingField label={t('detail.note')} value={booking.note} />
                </SimpleGrid>
              </BookingSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <BookingSection title={t('detail.sections.payment')}>
                <Stack gap="sm">
                  {returnedFromCheckout && (
                    <CheckoutReturnNotice
                      payments={[booking.main_params.payment, booking.main_params.cancellation?.payment]}
                      refetch={refetch}
                      onDismiss={() =>
                        setSearchParams(
                          (params) => {
                            params.delete('payment');
                            return params;
                          },
                          { replace: true },
                        )
                      }
                    />
                  )}
                  <PaymentCard
                    booking={booking}
                    renderPayment={(payment, related) => <PaymentPanel bookingId={booking.booking_id} payment={payment} related={related} />}
                    renderAccount={(payments) => <BookingAccount bookingId={booking.booking_id} payments={payments} />}
                  />
                </Stack>
              </BookingSection>
              {booking.pending_change && (
                <BookingSection title={t('detail.sections.pendingChange')}>
                  <PendingChange booking={booking} labels={labels} />
                  {may('accept_modification') && (
                    <Group gap="xs" mt="sm">
                      <Button size="xs" color="teal" onClick={() => setAccepting(true)}>
                        {t('steps.acceptChange')}
                      </Button>
                      <DeclineChangeButton booking={booking} labels={labels} />
                    </Group>
                  )}
                </BookingSection>
              )}
              {cancellation && (
                <BookingSection title={t('detail.sections.cancellation')}>
                  <SimpleGrid cols={2} spacing="sm">
                    <BookingField label={t('cancel.rate')} value={t('cancel.percent', { value: formatRatePercent(cancellation.cancellation_rate_e6) })} />
                    <BookingField label={t('cancel.fee')} value={<span data-testid="booking-cancellation-fee">{t('form.yen', { amount: formatYen(cancellation.total_cancellation_fee) })}</span>} />
                    <BookingField label={t('detail.cancelledAt')} value={cancellation.cancelled_at ? formatDateTime(cancellation.cancelled_at) : t('detail.cancellationOpen')} />
                    {cancellation.payment && <BookingField label={t('detail.paymentFields.status')} value={<PaymentStatusBadge status={cancellation.payment.status} />} />}
                  </SimpleGrid>
                </BookingSection>
              )}
              {(booking.main_params.confirmNote || booking.main_params.voucherNote) && (
                <BookingSection title={t('detail.sections.specialNotes')}>
                  <Stack gap="xs">
                    <BookingField label={t('detail.confirmNote')} value={booking.main_params.confirmNote} />
                    <BookingField label={t('detail.voucherNote')} value={booking.main_params.voucherNote} />
                  </Stack>
                </BookingSection>
              )}
              <BookingSection title={t('detail.sections.notes')}>
                <BookingNotes bookingId={booking.booking_id} notes={booking.notes} canMarkPrivate={operator} />
              </BookingSection>
              {booking.wait_listing && (
                <Badge color="violet" variant="light">
                  {t('status.WAITLIST')}
                </Badge>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </AfterFirstPaint>

      <ConfirmModal
        opened={releasing}
        title={t('steps.releaseTitle')}
        message={t('steps.releaseMessage')}
        confirmLabel={t('steps.releaseButton')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={release.isPending}
        onClose={() => setReleasing(false)}
        onConfirm={() =>
          release.mutate(undefined, closeAndNotify(() => setReleasing(false), t('steps.releaseDone')))
        }
      />
      <ConfirmModal
        opened={confirmingCancel}
        title={agent ? t('portal:bookings.agreeFeeTitle') : t('steps.confirmCancellationTitle')}
        message={t(agent ? 'portal:bookings.agreeFeeMessage' : 'steps.confirmCancellationMessage', { fee: t('form.yen', { amount: formatYen(cancellation?.total_cancellation_fee ?? 0) }) })}
        confirmLabel={agent ? t('portal:bookings.agreeFee') : t('steps.confirmCancellationButton')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={finishCancel.isPending}
        onClose={() => setConfirmingCancel(false)}
        onConfirm={() =>
          finishCancel.mutate(
            undefined,
            closeAndNotify(() => setConfirmingCancel(false), agent ? t('portal:bookings.agreeFeeDone') : t('steps.confirmCancellationDone')),
          )
        }
      >
        <QuotedSettlement bookingId={booking.booking_id} />
      </ConfirmModal>
      {accepting && (
        <AcceptChangeModal
          booking={booking}
          labels={labels}
          opened
          loading={acceptChange.isPending}
          onClose={() => setAccepting(false)}
          onConfirm={() => acceptChange.mutate(undefined, closeAndNotify(() => setAccepting(false), t('steps.acceptChangeDone')))}
        />
      )}
      <Suspense fallback={null}>
        {mailStep && (
          <MailStepModal
            bookingId={booking.booking_id}
            template={mailStep}
            opened
            sending={confirm.isPending || refuse.isPending}
            onClose={() => setMailStep(null)}
            onSend={(mail, reason) => {
              const done = (message: string) => () => {
                setMailStep(null);
                notifySuccess(message);
              };
              if (reason) refuse.mutate({ mail, reason }, { onSuccess: done(t('steps.refuseDone')) });
              else confirm.mutate(mail, { onSuccess: done(t('steps.confirmDone')) });
            }}
          />
        )}
        {simple && (
          <SimpleStepModal
            key={simple}
            step={simple}
            booking={booking}
            labels={labels}
            busy={simpleStep.isPending}
            onClose={() => setSimple(null)}
            onSave={(step, value) =>
              simpleStep.mutate(
                { step, value },
                {
                  onSuccess: () => {
                    setSimple(null);
                    const key = { priority: 'priorityDone', operator: 'operatorDone', specialNote: 'specialNoteDone', stations: 'stationsDone' } as const;
                    notifySuccess(t(`steps.${key[step]}`));
                  },
                },
              )
            }
          />
        )}
      </Suspense>
    </>
  );
}
