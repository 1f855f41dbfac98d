import { Button, Checkbox, Group, NativeSelect, Select, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateBookingBody } from '@sagano/domain/bookings/booking-schemas';
import { GROUP_TYPES } from '@sagano/domain/bookings/booking-constants';
import { PARTICIPANT_QUANTITY, WHEELCHAIR_COUNT, type CountRange } from '@sagano/domain/bookings/counts';
import { countryOptions } from '@sagano/domain/common/countries';
import { prefectureOptions } from './prefecture-options.ts';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { hasFullWidthDigits, inSentence, validationMessage as v } from '../../../lib/validation-messages.ts';
import { zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { agentScopeOf, useOwnAgent, useOwnGroup, type AgentScope } from '../../../lib/own-agent.ts';
import { useAgentOptions } from '../../../lib/agent-options.ts';
import { useAgentName, useAgentSelectData } from '../../../lib/agent-name.ts';
import { useBooking } from '../api/get-booking.ts';
import {
  invalidQuantityUnits,
  invalidWheelchairCount,
  belowMinimum,
  legsOverCapacity,
  legsTooSmall,
  missingTrains,
  pastDates,
  returnBeforeOutbound,
  saveForm,
  toCreateBody,
  type BookingFormState,
  type LegVacancy,
} from './booking-form-state.ts';
import { ParticipantsInput } from './participants-input.tsx';
import { COUNTRY_LIST_LIMIT } from './country-list.ts';
import { GrowingSelect } from '../../../components/growing-select.tsx';
import { TrainPicker } from './train-picker.tsx';
import { useTrainChangeOnce } from './train-change-once.tsx';
import type { BookingLabels } from './use-booking-labels.ts';
import { useLegVacancies, useMinGroupSize } from './use-leg-vacancies.ts';
import { MAX_GROUP_NAME, MAX_GROUP_NAME_KANA, MAX_REQUEST_NOTE } from '@sagano/domain/bookings/booking-constants';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { LiveField, LiveTextarea, LiveTextInput } from './live-field.tsx';
// The form's sections use the booking page's section frame.
import { BookingSection } from './booking-detail-sections.tsx';

export { prefectureOptions };

/** Every error of the draft, keyed by the form's field paths (the body's paths are the same). */
export function validateDraft(
  values: BookingFormState,
  labels: BookingLabels,
  messages: {
    /** The labels of the body's fields (applicant.name, group.name, …) and of the form's own (service_date, return_date, wheel_chair_text). */
    fields: FieldLabels;
    /** A rule's own words for a field, where the schema's rule says too little (a phone number). */
    rules?: Record<string, () => string>;
    agent: () => string;
    train: () => string;
    returnDate: () => string;
    datePassed: (field: 'service_date' | 'return_date') => string;
    waitlist: () => string;
    belowMinimum?: (minimum: number) => string;
    overCapacity?: (capacity: number) => string;
  },
  vacancies: readonly LegVacancy[] = [],
  minimum: number | null = null,
): FormErrors {
  const errors = zodValidate(CreateBookingBody, messages.fields, messages.rules)(toCreateBody(values, labels.units));
  // A count as typed: half-width digits, a whole number in its range (spec 000 §5).
  const count = (text: unknown, label: string, range: CountRange) => (hasFullWidthDigits(text) ? v.halfWidthDigits(label) : v.range(label, range.min, range.max));
  const wheelchairs = messages.fields.wheel_chair_text?.() ?? '';
  // Counts are checked as typed, next to their own field; the body's item errors say the same.
  for (const key of Object.keys(errors)) if (key.startsWith('participant_group.unit_quantity_items.')) delete errors[key];
  for (const unitId of invalidQuantityUnits(values, labels.units)) errors[`quantities.${unitId}`] = count(values.quantities[String(unitId)], labels.unitName(Number(unitId)), PARTICIPANT_QUANTITY);
  if (invalidWheelchairCount(values)) errors.wheel_chair_text = count(values.wheel_chair_text, wheelchairs, WHEELCHAIR_COUNT);
  if (errors['participant_group.wheel_chairs']) errors['participant_group.wheel_chairs'] = v.range(wheelchairs, WHEELCHAIR_COUNT.min, WHEELCHAIR_COUNT.max);
  for (const field of pastDates(values, tokyoToday())) errors[field] = messages.datePassed(field);
  const over = legsOverCapacity(values, labels.units, vacancies);
  // Too big for the train at all: the train field says so, and no waitlist is offered for it.
  for (const v of over) errors[v.direction === 'down' ? 'down_service_id' : 'up_service_id'] = messages.overCapacity?.(v.capacity ?? 0) ?? messages.waitlist();
  if (over.length === 0 && !values.wait_listing && legsTooSmall(values, labels.units, vacancies).length > 0) errors.wait_listing = messages.waitlist();
  if (belowMinimum(values, labels.units, minimum)) errors['participant_group.unit_quantity_items'] = messages.belowMinimum?.(minimum!) ?? messages.waitlist();
  if (values.agent_id === null) errors.agent_id = messages.agent();
  for (const direction of missingTrains(values)) errors[direction === 'down' ? 'down_service_id' : 'up_service_id'] = messages.train();
  if (!values.service_date) errors.service_date = v.required(messages.fields.service_date?.() ?? '');
  if (returnBeforeOutbound(values)) errors.return_date = messages.returnDate();
  // The server names the return leg's date; the form shows it at the return date field.
  if (errors['service_order.up_service.service_date'] && values.trip === 'round') errors.return_date ??= messages.returnDate();
  return errors;
}

/**
 * An agent books for their own agent: the name is shown, not picked (GET /v1/agents is the back
 * office's). Head-office staff may book for one of their branches; branch staff for their branch.
 */
function OwnAgentFields({ scope, form }: { scope: AgentScope; form: UseFormReturnType<BookingFormState> }) {
  const { t } = useTranslation(['bookings', 'common']);
  const agent = useOwnAgent(scope);
  const branch = useOwnGroup(scope);
  const agentName = useAgentName();
  const options = useAgentSelectData();
  if (scope.kind === 'branch') {
    return <TextInput label={t('form.branch')} value={agentName(branch.data?.name_ja, branch.data?.name_en)} readOnly variant="filled" />;
  }
  const groups = [...(agent.data?.groups ?? [])].sort((a, b) => Number(b.is_root) - Number(a.is_root));
  const root = groups.find((g) => g.is_root);
  return (
    <>
      <TextInput label={t('form.agent')} value={agentName(agent.data?.name_ja, agent.data?.name_en)} readOnly variant="filled" />
      <LiveField form={form}>
        {(values, change) => {
          const picked = values.agent_sub_group_id ?? root?.id ?? null;
          return (
            <Select
              label={t('form.branch')}
              data={options(groups)}
              value={picked === null ? null : String(picked)}
              onChange={(v) => change(() => form.setFieldValue('agent_sub_group_id', v ? Number(v) : null))}
              allowDeselect={false}
              disabled={groups.length <= 1 || values.update_of !== null}
            />
          );
        }}
      </LiveField>
    </>
  );
}

/** The group's country: ~250 countries, the list opens with the first ones (Japan first) and grows to 60; typing searches them all. */
function CountryField({ form }: { form: UseFormReturnType<BookingFormState> }) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  return (
    <LiveField form={form}>
      {(values, change) => (
        <GrowingSelect
          full={COUNTRY_LIST_LIMIT}
          label={t('form.country')}
          required
          searchable
          description={t('form.countryHint')}
          data={countryOptions(i18n.language, t('form.otherCountry'))}
          value={values.group.country_code}
          onChange={(v) => change(() => form.setFieldValue('group.country_code', v ?? 'JPN'))}
          error={form.errors['group.country_code']}
          allowDeselect={false}
        />
      )}
    </LiveField>
  );
}

/** The input steps of the create and copy screens; every change is kept in sessionStorage. */
export function BookingForm({ initial, labels, onNext }: { initial: BookingFormState; labels: BookingLabels; onNext: () => void }) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  /** The form's fields by their paths, as the messages name them. */
  const bookingFieldLabels = (trip: BookingFormState['trip']): FieldLabels => {
    const date = () => t(trip === 'round' ? 'bookings:form.outboundDate' : 'bookings:form.date');
    return {
      'applicant.name': () => t('bookings:form.applicantName'),
      'applicant.email': () => t('bookings:form.email'),
      'applicant.phone_number': () => t('bookings:form.phone'),
      'tour_conductor.name': () => t('bookings:form.conductorName'),
      'tour_conductor.phone_number': () => t('bookings:form.conductorPhone'),
      'group.group_type': () => t('bookings:form.groupType'),
      'group.name': () => t('bookings:form.groupName'),
      'group.name_kana': () => t('bookings:form.groupKana'),
      'group.country_code': () => t('bookings:form.country'),
      'group.japan_prefecture_code': () => t('bookings:form.prefecture'),
      note: () => t('bookings:form.note'),
      agent_id: () => t('bookings:form.agent'),
      agent_sub_group_id: () => t('bookings:form.branch'),
      service_date: date,
      'service_order.down_service.service_date': date,
      'service_order.up_service.service_date': () => t('bookings:form.returnDate'),
      return_date: () => t('bookings:form.returnDate'),
      wheel_chair_text: () => t('bookings:form.wheelchairCount'),
      'participant_group.wheel_chairs': () => t('bookings:form.wheelchairCount'),
    };
  };
  const scope = agentScopeOf(useCurrentUser());
  const agents = useAgentOptions({ enabled: scope === null });
  const options = useAgentSelectData();
  const own = useBooking(initial.update_of ?? '', { enabled: initial.update_of !== null });
  // The vacancies of the chosen trains (read below, from the form's values): validation runs after this render.
  let vacancies: LegVacancy[] = [];
  const form = useForm<BookingFormState>({
    initialValues: initial,
    onValuesChange: (values) => saveForm(sessionStorage, values),
    validate: (values) =>
      validateDraft(
        values,
        labels,
        {
          fields: bookingFieldLabels(values.trip),
          rules: {
            'applicant.phone_number': () => v.tel(t('bookings:form.phone')),
            'tour_conductor.phone_number': () => v.tel(t('bookings:form.conductorPhone')),
          },
          agent: () => v.select(t('bookings:form.agent')),
          train: () => v.select(t('bookings:form.train')),
          returnDate: () => v.dateOrder(t('bookings:form.outboundDate'), t('bookings:form.returnDate')),
          datePassed: (field) => t('bookings:form.datePassed', { today: tokyoToday(), name: inSentence(bookingFieldLabels(values.trip)[field]!()) }),
          waitlist: () => t('bookings:form.waitlistRequired'),
          belowMinimum: (min) => t('bookings:form.belowMinimum', { min }),
          overCapacity: (capacity) => t('bookings:form.overCapacityShort', { capacity }),
        },
        vacancies,
        minimum,
      ),
  });
  vacancies = useLegVacancies(form.values, own.data);
  const minimum = useMinGroupSize(form.values);
  // Trains change once (update_count): a booking that has used it keeps its trains.
  const trainsLocked = initial.update_of !== null && (own.data?.main_params.service_order.update_count ?? 0) >= 1;
  const trainChangeOnce = useTrainChangeOnce(form.values, own.data, labels);
  const agentList = agents.data?.agents ?? [];
  const prefectures = useMemo(() => [{ value: '', label: '—' }, ...prefectureOptions(i18n.language, t('form.overseas'))], [i18n.language, t]);

  return (
    <form
      noValidate
      // Enter in a field never sends the form (a date typed, a train picked): only the button does.
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        if (e.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit' && target.type !== 'button') e.preventDefault();
      }}
      onSubmit={form.onSubmit(
        (values) => {
          if (!trainChangeOnce.check()) return;
          saveForm(sessionStorage, values);
          onNext();
        },
        () => {
          // Show the first field in error.
          requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        },
      )}
    >
      <Stack gap="md">
        <BookingSection title={t('form.steps.trains')}>
          <TrainPicker form={form} labels={labels} locked={trainsLocked} />
          {trainChangeOnce.notice}
        </BookingSection>
        <BookingSection title={t('form.steps.agent')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {scope ? (
              <OwnAgentFields scope={scope} form={form} />
            ) : (
              <>
                <LiveField form={form}>
                  {(values, change) => (
                    <GrowingSelect
                      full={Infinity}
                      label={t('form.agent')}
                      required
                      searchable
                      data={options(agentList)}
                      value={values.agent_id === null ? null : String(values.agent_id)}
                      onChange={(v) => {
                        const next = agentList.find((a) => String(a.id) === v);
                        change(() => {
                          form.setFieldValue('agent_id', next ? next.id : null);
                          form.setFieldValue('agent_sub_group_id', next?.groups.find((g) => g.is_root)?.id ?? null);
                        });
                      }}
                      error={form.errors.agent_id ?? (agents.isError ? t('form.agentsUnavailable') : undefined)}
                      disabled={values.update_of !== null}
                    />
                  )}
                </LiveField>
                <LiveField form={form}>
                  {(values, change) => {
                    const groups = agentList.find((a) => a.id === values.agent_id)?.groups ?? [];
                    return (
                      <Select
                        label={t('form.branch')}
                        data={options(groups)}
                        value={values.agent_sub_group_id === null ? null : String(values.agent_sub_group_id)}
                        onChange={(v) => change(() => form.setFieldValue('agent_sub_group_id', v ? Number(v) : null))}
                        disabled={groups.length === 0 || values.update_of !== null}
                      />
                    );
                  }}
                </LiveField>
              </>
            )}
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.applicant')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <LiveTextInput form={form} path="applicant.name" max={MAX_PERSON_NAME} label={t('form.applicantName')} required />
            <LiveTextInput form={form} path="applicant.email" label={t('form.email')} type="email" required />
            <LiveTextInput form={form} path="applicant.phone_number" label={t('form.phone')} type="tel" required />
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.conductor')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <LiveTextInput form={form} path="tour_conductor.name" max={MAX_PERSON_NAME} hint={t('form.conductorHint')} label={t('form.conductorName')} />
            <LiveTextInput form={form} path="tour_conductor.phone_number" label={t('form.conductorPhone')} type="tel" />
          </SimpleGrid>
        </BookingSection>
        <BookingSection title={t('form.steps.group')}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="group-type-label">
                {t('form.groupType')}
              </Text>
              <LiveField form={form}>
                {(values, change) => (
                  <SegmentedControl
                    aria-labelledby="group-type-label"
                    w="fit-content"
                    value={values.group.group_type}
                    onChange={(v) => change(() => form.setFieldValue('group.group_type', v === 'SCHOOL' ? 'SCHOOL' : 'NORMAL'))}
                    data={GROUP_TYPES.map((g) => ({ value: g, label: t(`groupType.${g}`) }))}
                  />
                )}
              </LiveField>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LiveTextInput form={form} path="group.name" max={MAX_GROUP_NAME} label={t('form.groupName')} required />
              <LiveTextInput form={form} path="group.name_kana" max={MAX_GROUP_NAME_KANA} label={t('form.groupKana')} />
              <CountryField form={form} />
              <LiveField form={form}>
                {(values, change) => (
                  <NativeSelect
                    label={t('form.prefecture')}
                    data={prefectures}
                    value={values.group.japan_prefecture_code === null ? '' : String(values.group.japan_prefecture_code)}
                    onChange={(e) => {
                      const code = e.currentTarget.value;
                      change(() => form.setFieldValue('group.japan_prefecture_code', code ? Number(code) : null));
                    }}
                  />
                )}
              </LiveField>
            </SimpleGrid>
          </Stack>
        </BookingSection>
        <BookingSection title={t('form.steps.participants')}>
          <ParticipantsInput form={form} labels={labels} vacancies={vacancies} minimum={minimum} />
        </BookingSection>
        <BookingSection title={t('form.steps.other')}>
          <Stack gap="sm">
            <LiveTextarea form={form} path="note" max={MAX_REQUEST_NOTE} label={t('form.note')} autosize minRows={2} maxRows={8} />
            <LiveField form={form}>
              {(values, change) => (
                <Checkbox
                  label={t('form.waitListing')}
                  {...form.getInputProps('wait_listing', { type: 'checkbox' })}
                  checked={values.wait_listing}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    change(() => form.setFieldValue('wait_listing', checked));
                  }}
                  data-testid="wait-listing"
                />
              )}
            </LiveField>
          </Stack>
        </BookingSection>
        <Group justify="flex-end">
          <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('form.toConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
