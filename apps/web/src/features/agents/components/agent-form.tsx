import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AGENT_TYPES } from '@sagano/domain/agents/agent-constants';
import { MAX_AGENT_NAME, MAX_AGENT_OTHER_NAME } from '@sagano/domain/agents/agent-schemas';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { counted } from '../../../components/length-counter.tsx';
import { GrowingSelect } from '../../../components/growing-select.tsx';
import {
  AGENT_FIELD_LABELS,
  AGENT_FIELD_OF,
  END_OF_MONTH,
  MONTH_DAYS,
  agentCountryOptions,
  paymentTypeOf,
  validateAgentForm,
  type AgentFormValues,
} from './agent-form-values.ts';
import { Section } from './section.tsx';
import { showServerFieldError } from './server-field-error.ts';

/**
 * The agent's fields, for /agents/create (with the main admin's e-mail) and /agents/{id}/update
 * (with the payment and billing days). `onSubmit` gets the checked values and reports server
 * errors back through `setError`.
 */
export function AgentForm({
  mode,
  initial,
  saving,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'update';
  initial: AgentFormValues;
  saving: boolean;
  onSubmit: (values: AgentFormValues, showError: (error: Error) => void) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['agents', 'common']);
  const form = useForm<AgentFormValues>({ initialValues: initial, validate: validateAgentForm(mode) });
  const showError = (error: Error) => {
    showServerFieldError(form, error, AGENT_FIELD_OF, 'main_admin_email', AGENT_FIELD_LABELS);
  };
  const dayOptions = [
    { value: '', label: t('monthDay.choose') },
    { value: END_OF_MONTH, label: t('monthDay.endOfMonth') },
    ...MONTH_DAYS.map((day) => ({ value: String(day), label: t('monthDay.day', { day }) })),
  ];
  const title = mode === 'create' ? t('form.createTitle') : t('form.updateTitle');

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values, showError))} noValidate aria-label={title}>
      <Stack gap="md">
        <Section title={t('form.sectionAgent')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.nameJa')} required autoComplete="off" {...form.getInputProps('name_ja')} {...counted(form.values.name_ja, MAX_AGENT_NAME)} />
            <TextInput label={t('fields.nameKana')} autoComplete="off" {...form.getInputProps('name_kana')} {...counted(form.values.name_kana, MAX_AGENT_OTHER_NAME)} />
            <TextInput label={t('fields.nameEn')} autoComplete="off" {...form.getInputProps('name_en')} {...counted(form.values.name_en, MAX_AGENT_OTHER_NAME)} />
            <TextInput label={t('fields.nameOrigin')} autoComplete="off" {...form.getInputProps('name_origin')} {...counted(form.values.name_origin, MAX_AGENT_OTHER_NAME)} />
            {/* Every country, the list opening with the first ones. */}
            <GrowingSelect
              full={Infinity}
              label={t('fields.country')}
              required
              searchable
              allowDeselect={false}
              data={agentCountryOptions(i18n.language)}
              value={form.values.country_code}
              onChange={(value) => form.setFieldValue('country_code', value ?? 'JPN')}
              error={form.errors.country_code}
            />
            <TextInput label={t('fields.fax')} type="tel" autoComplete="off" {...form.getInputProps('root_group_fax')} />
          </SimpleGrid>
        </Section>

        <Section title={t('form.sectionContract')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('fields.agentType')}
              required
              data={AGENT_TYPES.map((type) => ({ value: type, label: t(`agentTypes.${type}`) }))}
              {...form.getInputProps('agent_type')}
            />
            <TextInput
              label={t('fields.paymentType')}
              description={t('fields.paymentTypeDescription')}
              value={t(`paymentTypes.${paymentTypeOf(form.values.agent_type)}`)}
              readOnly
              variant="filled"
            />
            {mode === 'update' && (
              <>
                <NativeSelect label={t('fields.paymentDay')} required data={dayOptions} {...form.getInputProps('payment_day')} />
                <NativeSelect label={t('fields.billingDay')} required data={dayOptions} {...form.getInputProps('billing_day')} />
              </>
            )}
          </SimpleGrid>
          <Checkbox
            mt="md"
            label={t('fields.ignorePolicy')}
            description={t('fields.ignorePolicyDescription')}
            {...form.getInputProps('ignore_cancellation_policy', { type: 'checkbox' })}
          />
        </Section>

        <Section title={t('form.sectionMainAdmin')}>
          <Stack gap="sm">
            {mode === 'create' && (
              <Text size="sm" c="dimmed">
                {t('form.createNote')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label={t('fields.mainAdminName')} required autoComplete="off" {...form.getInputProps('main_admin_name')} {...counted(form.values.main_admin_name, MAX_PERSON_NAME)} />
              <TextInput
                label={t('fields.mainAdminEmail')}
                description={mode === 'create' ? t('fields.mainAdminEmailDescription') : undefined}
                // Under the field, as the name's counter is: the row's inputs line up.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                type="email"
                autoComplete="off"
                required={mode === 'create'}
                readOnly={mode === 'update'}
                variant={mode === 'update' ? 'filled' : undefined}
                {...form.getInputProps('main_admin_email')}
              />
              <TextInput label={t('fields.mainAdminTel')} type="tel" autoComplete="off" {...form.getInputProps('main_admin_tel')} />
            </SimpleGrid>
          </Stack>
        </Section>

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {mode === 'create' ? t('form.submitCreate') : t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
