import { Alert, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { GroupScheduleBody, type GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { validationMessage as v } from '../../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useSaveGroupSchedule } from '../api/group-schedules.ts';
import { DateField } from '../../../components/date-field.tsx';
import { MAX_MASTER_NAME } from '@sagano/domain/master-data/master-name';
import { counted } from '../../../components/length-counter.tsx';

type Days = number | string;
type Values = {
  service_from_date: string;
  service_to_date: string;
  name: string;
  group_arrangement_release_day_before: Days;
  payment_day_before: Days;
  remind_day_before: Days;
};

const FIELDS = ['service_from_date', 'service_to_date', 'name', 'group_arrangement_release_day_before', 'payment_day_before', 'remind_day_before'] as const;
/** The day counts and the key of their label. */
const DAY_FIELDS = [
  ['group_arrangement_release_day_before', 'release'],
  ['payment_day_before', 'payment'],
  ['remind_day_before', 'remind'],
] as const;

function valuesOf(schedule: GroupScheduleResponse | null): Values {
  if (schedule) {
    const { updated_at: _, ...values } = schedule;
    return values;
  }
  return { service_from_date: '', service_to_date: '', name: '', group_arrangement_release_day_before: '', payment_day_before: '', remind_day_before: '' };
}

/** A day count as typed: a number, or the empty text the schema reports as required. */
const days = (v: Days) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));

function bodyOf(values: Values) {
  return {
    ...values,
    name: values.name.trim(),
    group_arrangement_release_day_before: days(values.group_arrangement_release_day_before),
    payment_day_before: days(values.payment_day_before),
    remind_day_before: days(values.remind_day_before),
  };
}

/** Add (schedule null) or edit a group schedule. Mount it per schedule (key). */
export function GroupScheduleFormModal({ schedule, onClose }: { schedule: GroupScheduleResponse | null; onClose: () => void }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveGroupSchedule();
  const labels: FieldLabels = {
    name: () => t('schedules.fields.name'),
    service_from_date: () => t('schedules.fields.from'),
    service_to_date: () => t('schedules.fields.to'),
    ...Object.fromEntries(DAY_FIELDS.map(([field, label]) => [field, () => t(`schedules.fields.${label}`)])),
  };
  const days = Object.fromEntries(DAY_FIELDS.map(([field, label]) => [field, () => v.range(t(`schedules.fields.${label}`), 0, 365)]));
  const validate = zodValidate(GroupScheduleBody, labels, {
    service_to_date: () => v.dateOrder(t('schedules.fields.from'), t('schedules.fields.to')),
    ...days,
  });
  const form = useForm<Values>({ initialValues: valuesOf(schedule), validate: (values) => validate(bodyOf(values)) });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { isNew: schedule === null, body: GroupScheduleBody.parse(bodyOf(values)) },
      {
        onSuccess: () => {
          notifySuccess(t(schedule ? 'schedules.updated' : 'schedules.created'));
          onClose();
        },
        // The mutation is silent (meta): errors go on their field, anything else in a toast here.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'GROUP_SCHEDULE_OVERLAP') {
            form.setFieldError('service_from_date', errorMessage(error));
            return;
          }
          if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
        },
      },
    );
  });

  const title = t(schedule ? 'schedules.editTitle' : 'schedules.createTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput label={t('schedules.fields.name')} required autoComplete="off" {...form.getInputProps('name')} {...counted(form.values.name, MAX_MASTER_NAME)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField
              label={t('schedules.fields.from')}
              required
              disabled={schedule !== null}
              description={schedule ? t('schedules.fromFixed') : undefined}
              {...form.getInputProps('service_from_date')}
            />
            <DateField label={t('schedules.fields.to')} required {...form.getInputProps('service_to_date')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('schedules.daysHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={-8}>
            {DAY_FIELDS.map(([field, label]) => (
              <NumberInput
                key={field}
                label={t(`schedules.fields.${label}`)}
                required
                min={0}
                max={365}
                clampBehavior="none"
                rightSection={
                  <Text size="xs" c="dimmed">
                    {t('schedules.daysUnit')}
                  </Text>
                }
                rightSectionWidth={48}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          {schedule && (
            <Alert variant="light" color="gray" p="xs">
              <Text size="xs">{t('schedules.paymentNote')}</Text>
            </Alert>
          )}
          <FormModalActions saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
