import { Alert, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import { ANNOTATIONS, FARE_TYPES, isPassengerFare, SEGMENTS } from '@sagano/domain/reference/reference-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useCreateUnit } from '../api/units.ts';

/** A unit's name: at most this many characters in each language (the schema's limit). */
const MAX_UNIT_NAME = 100;

type Values = {
  segment: string;
  fare_type: string;
  annotation: string;
  name_ja: string;
  name_en: string;
  display_order: number | string;
};

/**
 * The POST /v1/units body of the form. Who counts follows the fare type: a passenger fare counts
 * as a participant, luggage and the handling fee do not (and take the plain annotation); FREE
 * units, and only they, are calculated from the free count plan.
 */
function bodyOf(values: Values) {
  const passenger = isPassengerFare(values.fare_type);
  const annotation = passenger ? values.annotation : 'NORMAL';
  const order = values.display_order;
  return {
    segment: values.segment,
    fare_type: values.fare_type,
    annotation,
    name_label: [
      { language_id: 'ja', text: values.name_ja.trim() },
      { language_id: 'en', text: values.name_en.trim() },
    ],
    display_order: typeof order === 'number' ? order : order.trim() === '' ? undefined : Number(order),
    count_inclusive: passenger,
    auto_calculated: annotation === 'FREE',
  };
}

/** The body's paths as the form's fields (the names are one field per language). */
const FIELD_OF: Record<string, keyof Values> = {
  segment: 'segment',
  fare_type: 'fare_type',
  annotation: 'annotation',
  'name_label.0.text': 'name_ja',
  'name_label.1.text': 'name_en',
  name_label: 'name_ja',
  display_order: 'display_order',
};

/** Adds a fare unit (spec 000 §3 "Unit"): a passenger fare of a segment, or a luggage or handling-fee item. */
export function UnitFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['masterData', 'common']);
  const create = useCreateUnit();
  const labels: FieldLabels = {
    segment: () => t('units.fields.segment'),
    fare_type: () => t('units.fields.fareType'),
    annotation: () => t('units.fields.annotation'),
    'name_label.0.text': () => t('units.fields.nameJa'),
    'name_label.1.text': () => t('units.fields.nameEn'),
    display_order: () => t('units.fields.displayOrder'),
  };
  const validateBody = zodValidate(CreateUnitBody, labels);
  const validate = (values: Values) => {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(validateBody(bodyOf(values)))) {
      const field = FIELD_OF[path];
      if (field && !errors[field] && message) errors[field] = String(message);
    }
    return errors;
  };
  const form = useForm<Values>({
    initialValues: { segment: 'NORMAL', fare_type: 'LUGGAGE', annotation: 'NORMAL', name_ja: '', name_en: '', display_order: '' },
    validate,
  });
  const passenger = isPassengerFare(form.values.fare_type);

  const submit = form.onSubmit((values) => {
    create.mutate(CreateUnitBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('units.created'));
        onClose();
      },
      // The mutation is silent (meta): a unit that exists already is said on its field, anything else in a toast.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'UNIT_ALREADY_EXISTS') {
          form.setFieldError(error.field === 'name_label' ? 'name_ja' : 'fare_type', t(error.field === 'name_label' ? 'units.nameTaken' : 'units.combinationTaken'));
          return;
        }
        notifyApiError(error);
      },
    });
  });

  const title = t('units.createTitle');
  const segmentOptions = SEGMENTS.map((value) => ({ value, label: t(`units.segments.${value}`) }));
  const fareTypeOptions = FARE_TYPES.map((value) => ({ value, label: t(`units.fareTypes.${value}`) }));
  const annotationOptions = ANNOTATIONS.map((value) => ({ value, label: t(`units.annotations.${value}`) }));
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label={t('units.fields.segment')} required allowDeselect={false} data={segmentOptions} {...form.getInputProps('segment')} />
            <Select label={t('units.fields.fareType')} required allowDeselect={false} data={fareTypeOptions} {...form.getInputProps('fare_type')} />
            <Select
              label={t('units.fields.annotation')}
              required
              allowDeselect={false}
              data={annotationOptions}
              disabled={!passenger}
              {...form.getInputProps('annotation')}
              value={passenger ? form.values.annotation : 'NORMAL'}
            />
          </SimpleGrid>
          <Alert variant="light" color="gray" p="xs">
            <Text size="xs">{t(passenger ? 'units.passengerHint' : 'units.itemHint')}</Text>
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('units.fields.nameJa')} required autoComplete="off" {...form.getInputProps('name_ja')} {...counted(form.values.name_ja, MAX_UNIT_NAME)} />
            <TextInput label={t('units.fields.nameEn')} required autoComplete="off" {...form.getInputProps('name_en')} {...counted(form.values.name_en, MAX_UNIT_NAME)} />
          </SimpleGrid>
          <NumberInput label={t('units.fields.displayOrder')} description={t('units.displayOrderHint')} required min={0} max={1_000_000} clampBehavior="none" w={220} {...form.getInputProps('display_order')} />
          <Text size="xs" c="dimmed">
            {t('units.priceNote')}
          </Text>
          <FormModalActions saving={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
