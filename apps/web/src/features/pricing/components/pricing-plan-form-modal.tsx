import { Alert, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import { priceableUnits } from '@sagano/domain/pricing/pricing-plan-rules';
import { MAX_PRICING_PLAN_NAME, type PricingPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { SEGMENTS, type Unit } from '@sagano/domain/reference/reference-schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { setServerFieldError } from '../../../lib/zod-form.ts';
import { useSavePricingPlan } from '../api/save-pricing-plan.ts';
import { planBody, planFormProblems, planFormValues, type PlanFormValues, type Segment } from './plan-form-values.ts';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { validationMessage as v } from '../../../lib/validation-messages.ts';

const FIELDS = ['name', 'segment', 'service_date_from', 'service_date_to'] as const;

/** Add (plan null) or edit a group pricing plan with its price table. Mount it per plan (key). */
export function PricingPlanFormModal({ plan, segment, units, onClose }: { plan: PricingPlanResponse | null; segment: Segment; units: readonly Unit[]; onClose: () => void }) {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const save = useSavePricingPlan();

  const form = useForm<PlanFormValues>({
    initialValues: planFormValues(plan, segment, units),
    validate: (values) => {
      const problems = planFormProblems(values);
      return Object.fromEntries(Object.entries(problems).map(([path, rule]) => [path, problemMessage(path, rule)]));
    },
  });

  /** A price cell is named as its row and column read: 「大人（一般） 運賃」. */
  const labelOf = (path: string): string => {
    const cell = /^prices\.(\d+)\.(price|fee)$/.exec(path);
    if (cell) {
      const unit = units.find((u) => u.id === Number(cell[1]));
      return `${unit ? labelText(unit.name_label, i18n.language) : ''} ${t(cell[2] === 'price' ? 'plans.priceColumns.price' : 'plans.priceColumns.decrementFee')}`.trim();
    }
    const field = { name: 'name', service_date_from: 'from', service_date_to: 'to', segment: 'segment' }[path] as 'name' | 'from' | 'to' | 'segment' | undefined;
    return field ? t(`plans.fields.${field}`) : '';
  };
  // 名称を入力してください。 (spec 000 §5 for the pricing plan) is the name's "please enter".
  const problemMessage = (path: string, rule: ReturnType<typeof planFormProblems>[string]) => {
    if (rule === 'dateOrder') return v.dateOrder(t('plans.fields.from'), t('plans.fields.to'));
    if (rule === 'price') return v.nonNegativeInteger(labelOf(path));
    return v.required(labelOf(path));
  };

  const changeSegment = (next: string) => {
    const { name, service_date_from, service_date_to } = form.getValues();
    form.setValues({ ...planFormValues(null, next as Segment, units), name, service_date_from, service_date_to });
  };

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'PRICING_PLAN_OVERLAP') {
      form.setFieldError('service_date_from', errorMessage(error));
      return;
    }
    if (error instanceof ApiError && error.field === 'name') {
      form.setFieldError('name', v.required(t('plans.fields.name')));
      return;
    }
    setServerFieldError(form, error, FIELDS, Object.fromEntries(FIELDS.map((field) => [field, () => labelOf(field)])));
  };

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: plan?.id ?? null, body: planBody(values) },
      { onSuccess: () => { notifySuccess(plan ? t('plans.updated') : t('plans.created')); onClose(); }, onError },
    );
  });

  const rows = priceableUnits(units, form.getValues().segment);
  const title = plan ? t('plans.editTitle') : t('plans.createTitle');
  const yenInput = { thousandSeparator: ',', allowDecimal: false, allowNegative: false, min: 0, hideControls: true, rightSection: <Text size="xs" c="dimmed">{t('yenUnit')}</Text> } as const;
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput label={t('plans.fields.name')} required autoComplete="off" {...form.getInputProps('name')} {...counted(form.values.name, MAX_PRICING_PLAN_NAME)} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('plans.fields.segment')}
            </Text>
            <SegmentedControl
              aria-label={t('plans.fields.segment')}
              data={SEGMENTS.map((s) => ({ value: s, label: t(`segments.${s}`) }))}
              value={form.getValues().segment}
              onChange={changeSegment}
              disabled={plan !== null}
              w="fit-content"
            />
            {plan && (
              <Text size="xs" c="dimmed">
                {t('plans.segmentFixed')}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField label={t('plans.fields.from')} required {...form.getInputProps('service_date_from')} />
            <DateField label={t('plans.fields.to')} required {...form.getInputProps('service_date_to')} />
          </SimpleGrid>
          <Table aria-label={t('plans.priceTable')} verticalSpacing={4} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plans.priceColumns.unit')}</Table.Th>
                <Table.Th w={180}>{t('plans.priceColumns.price')}</Table.Th>
                <Table.Th w={180}>{t('plans.priceColumns.decrementFee')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((unit) => {
                const name = labelText(unit.name_label, i18n.language);
                return (
                  <Table.Tr key={`${form.getValues().segment}-${unit.id}`} data-testid={`price-row-${unit.id}`}>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${name} ${t('plans.priceColumns.price')}`} {...yenInput} {...form.getInputProps(`prices.${unit.id}.price`)} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${name} ${t('plans.priceColumns.decrementFee')}`} {...yenInput} {...form.getInputProps(`prices.${unit.id}.fee`)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Alert variant="light" color="gray" p="xs">
            <Text size="xs">{t('plans.freeNote')}</Text>
          </Alert>
          <FormModalActions saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
