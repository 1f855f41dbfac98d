import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GROUP_TYPES, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-constants';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '@sagano/domain/bookings/booking-state';
import { countryOptions } from '@sagano/domain/common/countries';
import { COUNTRY_LIST_LIMIT } from './country-list.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { GrowingSelect } from '../../../components/growing-select.tsx';
import { AgentBranchSelect } from '../../../components/agent-branch-select.tsx';
import { SearchFilterForm, useDatedFilterForm } from '../../../components/search-filter-form.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { isWholeBookingNumber, PAYMENT_TYPES, readBookingFilters, TEXT_KEYS, type BookingFilterValues } from '../api/booking-list-query.ts';

/**
 * One filter field, drawn again only when its `deps` (its value, error, options) change: the form
 * holds every value, so without this a keystroke in one filter rendered all fifteen inputs.
 */
const Field = memo(
  function Field({ render }: { render: () => ReactNode; deps: readonly unknown[] }) {
    return render();
  },
  (prev, next) => prev.deps.length === next.deps.length && prev.deps.every((d, i) => Object.is(d, next.deps[i])),
);

/**
 * The country filter, in the "more" filters: the ~250 countries are named and sorted when it is
 * first shown (not with the list's first paint), once per language.
 */
function CountryFilter({ anyLabel, value, onChange }: { anyLabel: string; value: string; onChange: (value: string) => void }) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  const otherCountry = t('form.otherCountry');
  const countries = useMemo(() => [{ value: '', label: anyLabel }, ...countryOptions(i18n.language, otherCountry)], [anyLabel, otherCountry, i18n.language]);
  return (
    <GrowingSelect
      full={COUNTRY_LIST_LIMIT}
      label={t('filters.countryCode')}
      data={countries}
      searchable
      description={t('form.countryHint')}
      value={value}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}

export function BookingFilters({
  initial,
  canPickAgent,
  onSearch,
}: {
  initial: BookingFilterValues;
  canPickAgent: boolean;
  onSearch: (values: BookingFilterValues) => void;
}) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  // The country names are sorted once the list is idle, not at its first paint nor at the click
  // that opens the detailed filters (countryOptions keeps them per language).
  const language = i18n.language;
  const otherCountry = t('form.otherCountry');
  useEffect(() => whenIdle(() => countryOptions(language, otherCountry)), [language, otherCountry]);
  const extendedSet = TEXT_KEYS.some((k) => !['service_from', 'service_to', 'booking_id', 'group_name'].includes(k) && initial[k]) || initial.sub_status.length > 0;
  const { form, any, frame } = useDatedFilterForm(initial, () => readBookingFilters(new URLSearchParams()), onSearch, {
    service_from: t('filters.serviceFrom'),
    service_to: t('filters.serviceTo'),
    submitted_from: t('filters.submittedFrom'),
    submitted_to: t('filters.submittedTo'),
  });
  const anyLabel = any.label;

  return (
    <SearchFilterForm
      label={t('filters.label')}
      {...frame}
      moreInitiallyOpen={extendedSet}
      more={
        <>
          <Field deps={[form.values.submitted_from, form.errors.submitted_from, t]} render={() => <DateField label={t('filters.submittedFrom')} {...form.getInputProps('submitted_from')} />} />
          <Field deps={[form.values.submitted_to, form.errors.submitted_to, t]} render={() => <DateField label={t('filters.submittedTo')} {...form.getInputProps('submitted_to')} />} />
          <Field
            deps={[form.values.sub_status, t]}
            render={() => (
              <MultiSelect
                label={t('filters.subStatus')}
                data={BOOKING_SUB_STATUSES.map((s) => ({ value: s, label: t(`subStatus.${s}`) }))}
                clearable
                {...form.getInputProps('sub_status')}
              />
            )}
          />
          <Field
            deps={[form.values.country_code, anyLabel, t]}
            render={() => <CountryFilter anyLabel={anyLabel} value={form.values.country_code} onChange={(v) => form.setFieldValue('country_code', v)} />}
          />
          <Field
            deps={[form.values.payment_type, anyLabel, t]}
            render={() => (
              <Select
                label={t('filters.paymentType')}
                data={[any, ...PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))]}
                value={form.values.payment_type}
                onChange={(v) => form.setFieldValue('payment_type', v ?? '')}
              />
            )}
          />
          <Field
            deps={[form.values.payment_status, anyLabel, t]}
            render={() => (
              <Select
                label={t('filters.paymentStatus')}
                data={[any, ...PAYMENT_STATUSES.map((p) => ({ value: p, label: t(`paymentStatus.${p}`) }))]}
                value={form.values.payment_status}
                onChange={(v) => form.setFieldValue('payment_status', v ?? '')}
              />
            )}
          />
          <Field
            deps={[form.values.notification, form.errors.notification, t]}
            render={() => (
              <TextInput label={t('filters.notification')} {...form.getInputProps('notification')} />
            )}
          />
        </>
      }
    >
      <Field deps={[form.values.service_from, form.errors.service_from, t]} render={() => <DateField label={t('filters.serviceFrom')} {...form.getInputProps('service_from')} />} />
      <Field deps={[form.values.service_to, form.errors.service_to, t]} render={() => <DateField label={t('filters.serviceTo')} {...form.getInputProps('service_to')} />} />
      <Field
        deps={[form.values.booking_id, form.errors.booking_id, t]}
        render={() => (
          <TextInput
            label={t('filters.bookingId')}
            inputMode="numeric"
            description={isWholeBookingNumber(form.values.booking_id) ? t('filters.bookingIdAnyDate') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('booking_id')}
          />
        )}
      />
      <Field
        deps={[form.values.group_name, form.errors.group_name, t]}
        render={() => (
          <TextInput label={t('filters.groupName')} {...form.getInputProps('group_name')} />
        )}
      />
      <Field
        deps={[form.values.status, t]}
        render={() => (
          <MultiSelect
            label={t('filters.status')}
            data={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            clearable
            {...form.getInputProps('status')}
          />
        )}
      />
      <Field
        deps={[form.values.group_types, t]}
        render={() => (
          <MultiSelect
            label={t('filters.groupTypes')}
            data={GROUP_TYPES.map((g) => ({ value: g, label: t(`groupType.${g}`) }))}
            clearable
            {...form.getInputProps('group_types')}
          />
        )}
      />
      {canPickAgent && (
        <Field
          deps={[form.values.agent_id, form.values.branch_id]}
          render={() => (
            <AgentBranchSelect
              agentId={form.values.agent_id}
              branchId={form.values.branch_id}
              onChange={({ agentId, branchId }) => form.setValues({ agent_id: agentId, branch_id: branchId })}
            />
          )}
        />
      )}
    </SearchFilterForm>
  );
}
