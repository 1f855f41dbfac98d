import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreateBookingBody, UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { countryName } from '@sagano/domain/common/countries';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateBooking, useUpdateBooking } from '../api/create-booking.ts';
import { useAgentOptions } from '../../../lib/agent-options.ts';
import { useAgentName } from '../../../lib/agent-name.ts';
import { useDayTrains } from '../api/get-day-trains.ts';
import { useCancellationPolicy } from '../api/get-cancellation-policy.ts';
import { CancellationPolicyTable } from '../components/cancellation-policy-table.tsx';
import { agentScopeOf, useOwnAgent, useOwnGroup } from '../../../lib/own-agent.ts';
import { prefectureOptions } from '../components/booking-form.tsx';
import { BookingSection } from '../components/booking-detail-sections.tsx';
import { clearForm, isSubmittable, legDate, loadForm, toCreateBody, toUpdateBody, tripLegs, type BookingFormState, type TripLeg } from '../components/booking-form-state.ts';
import { AmountTable } from '../components/participants-input.tsx';
import { useBookingLabels, type BookingLabels } from '../components/use-booking-labels.ts';

function Field({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('bookings');
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value || t('form.notSet')}
      </Text>
    </Stack>
  );
}

function LegSummary({ state, leg, labels, title }: { state: BookingFormState; leg: TripLeg; labels: BookingLabels; title: string }) {
  const { t } = useTranslation('bookings');
  const date = legDate(state, leg);
  const trains = useDayTrains(date, leg.from, leg.to);
  const id = leg.direction === 'down' ? state.down_service_id : state.up_service_id;
  const train = trains.data?.services.find((s) => s.service_id === id);
  // A train is always named: while the day's trains load, or when the chosen one no longer runs that day, say so (never its id).
  const name = train
    ? `${labels.label(train.service_names)} ${t('detail.time', { departure: train.departure_hhmm ?? '—', arrival: train.arrival_hhmm ?? '—' })}`
    : trains.isPending
      ? t('form.trainLoading')
      : t('form.trainGone');
  return <Field label={`${title}: ${labels.stationName(leg.from)} → ${labels.stationName(leg.to)}`} value={`${date} ${name}`} />;
}

function Problem({ message }: { message: string }) {
  const { t } = useTranslation('bookings');
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="red" w="100%" role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/bookings/create" variant="default">
        {t('form.startOver')}
      </Button>
    </Stack>
  );
}

/** /bookings/confirm: the stored draft, read back, agreement to the cancellation policy, submit. */
export function Component() {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  const navigate = useNavigate();
  const labels = useBookingLabels();
  // Agents read their own agent (head office) or branch; the agent list is the back office's.
  const scope = agentScopeOf(useCurrentUser());
  const agents = useAgentOptions({ enabled: scope === null });
  const ownAgent = useOwnAgent(scope);
  const ownBranch = useOwnGroup(scope);
  const agentName = useAgentName();
  const [stored] = useState(() => loadForm(sessionStorage));
  const [agreed, setAgreed] = useState(false);
  const { data: policy } = useCancellationPolicy();
  const [agreeError, setAgreeError] = useState(false);
  const create = useCreateBooking();
  const update = useUpdateBooking();

  const header = <PageHeader title={stored.kind === 'ok' && stored.state.update_of !== null ? t('form.updateConfirmTitle', { id: stored.state.update_of }) : t('form.confirmTitle')} />;
  if (stored.kind === 'empty') return (<>{header}<Problem message={t('form.empty')} /></>);
  if (stored.kind === 'invalid') return (<>{header}<Problem message={t('form.invalid')} /></>);
  if (!labels.unitsLoaded) return header;
  const state = stored.state;
  if (!isSubmittable(state, labels.units, tokyoToday())) {
    return (
      <>
        {header}
        <Stack gap="md" align="flex-start">
          <Alert color="red" w="100%" role="alert">
            {t('form.invalid')}
          </Alert>
          <Button component={Link} to={state.origin} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('form.back')}
          </Button>
        </Stack>
      </>
    );
  }

  const agent = scope?.kind === 'headOffice' ? ownAgent.data : agents.data?.agents.find((a) => a.id === state.agent_id);
  const branch = scope?.kind === 'branch' ? ownBranch.data : agent?.groups.find((g) => g.id === (state.agent_sub_group_id ?? agent.groups.find((r) => r.is_root)?.id));
  // Branch staff read what they need of their agent with their branch.
  const agentSummary = scope?.kind === 'branch' ? ownBranch.data?.agent : agent;
  // Agents flagged to ignore the cancellation policy skip the agreement (spec 000 §5); a change keeps the agreed policy.
  const changeOf = state.update_of;
  const needsAgreement = !agentSummary?.ignore_cancellation_policy && changeOf === null;
  const prefecture = prefectureOptions(i18n.language, t('form.overseas')).find((p) => p.value === String(state.group.japan_prefecture_code));
  const legs = tripLegs(state);

  const submit = () => {
    if (needsAgreement && !agreed) {
      setAgreeError(true);
      return;
    }
    if (changeOf !== null) {
      update.mutate(
        { bookingId: changeOf, body: UpdateParamsBody.parse(toUpdateBody(state, labels.units)) },
        {
          onSuccess: (answer) => {
            clearForm(sessionStorage);
            notifySuccess(t(answer.status === 'MODIFIED' ? 'form.updated' : 'form.updateRequested', { id: changeOf }));
            void navigate(`/bookings/${changeOf}`, { replace: true });
          },
        },
      );
      return;
    }
    const body = CreateBookingBody.parse(toCreateBody(state, labels.units));
    create.mutate(body, {
      onSuccess: ({ booking_id }) => {
        clearForm(sessionStorage);
        notifySuccess(t('form.created', { id: booking_id }));
        void navigate(`/bookings/${booking_id}`, { replace: true });
      },
    });
  };

  return (
    <>
      {header}
      <Stack gap="md">
        <BookingSection title={t('form.steps.trains')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {legs.map((leg, i) => (
              <LegSummary key={leg.direction} state={state} leg={leg} labels={labels} title={t(i === 0 ? 'form.outbound' : 'form.return')} />
            ))}
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.agent')}>
          <Field label={t('form.agent')} value={[agentSummary ? agentName(agentSummary.name_ja, agentSummary.name_en) : scope?.kind === 'branch' ? '' : t('common:status.loading'), branch ? agentName(branch.name_ja, branch.name_en) : ''].filter(Boolean).join(' / ')} />
        </BookingSection>
        <BookingSection title={`${t('form.steps.applicant')} / ${t('form.steps.conductor')}`}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Field label={t('form.applicantName')} value={state.applicant.name} />
            <Field label={t('form.email')} value={state.applicant.email} />
            <Field label={t('form.phone')} value={state.applicant.phone_number} />
            <Field label={t('form.conductorName')} value={state.tour_conductor.name} />
            <Field label={t('form.conductorPhone')} value={state.tour_conductor.phone_number} />
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.group')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Field label={t('form.groupType')} value={t(`groupType.${state.group.group_type}`)} />
            <Field label={t('form.groupName')} value={state.group.name} />
            <Field label={t('form.groupKana')} value={state.group.name_kana} />
            <Field label={t('form.country')} value={state.group.country_code === 'OTHER' ? t('form.otherCountry') : countryName(state.group.country_code, i18n.language)} />
            <Field label={t('form.prefecture')} value={prefecture?.label ?? ''} />
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.participants')}>
          <Stack gap="sm">
            <AmountTable state={state} labels={labels} />
            <Table withTableBorder={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t('form.wheelchairs')}</Table.Td>
                  <Table.Td>
                    {state.wheel_chairs.length === 0
                      ? t('detail.noWheelchairs')
                      : t('detail.wheelchairs', { count: state.wheel_chairs.length, slope: state.wheel_chairs.filter((w) => w.need_slope).length })}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </BookingSection>
        <BookingSection title={t('form.steps.other')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label={t('form.note')} value={state.note} />
            <Field label={t('form.waitListing')} value={t(state.wait_listing ? 'form.waitListingChosen.yes' : 'form.waitListingChosen.no')} />
          </SimpleGrid>
        </BookingSection>
        {needsAgreement && policy && <CancellationPolicyTable policy={policy.policy} />}
        {needsAgreement && (
          <Paper withBorder p="md">
            <Text size="sm" mb="xs">
              {t('form.policyNote')}
            </Text>
            <Checkbox
              label={t('form.agree')}
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.currentTarget.checked);
                setAgreeError(false);
              }}
              error={agreeError ? t('form.agreeRequired') : undefined}
            />
          </Paper>
        )}
        <Group justify="space-between">
          <Button component={Link} to={state.origin} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('form.back')}
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending} disabled={create.isSuccess || update.isSuccess} leftSection={<IconSend size={16} aria-hidden />}>
            {changeOf !== null ? t('form.submitChange') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
