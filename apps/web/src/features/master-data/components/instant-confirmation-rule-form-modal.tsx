import { Checkbox, Group, Modal, MultiSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  BOOKING_CHANNELS,
  InstantConfirmationRuleBody,
  MAX_RULE_DAYS_AHEAD,
  MAX_RULE_PARTICIPANTS,
  type BookingChannel,
  type InstantConfirmationRuleResponse,
} from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { MAX_MASTER_NAME } from '@sagano/domain/master-data/master-name';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useRuleAgentOptions, useSubmitInstantConfirmationRule } from '../api/instant-confirmation-rules.ts';

interface RuleForm {
  name: string;
  agent_scope: 'ALL' | 'LIST';
  agent_ids: string[];
  channels: BookingChannel[];
  max_participants: number | string;
  min_days_ahead: number | string;
  only_sufficient_level: boolean;
  auto_assign_seats: boolean;
}

const FIELDS = ['name', 'agent_ids', 'channels', 'max_participants', 'min_days_ahead'] as const;

const EMPTY: RuleForm = { name: '', agent_scope: 'ALL', agent_ids: [], channels: ['PORTAL', 'API'], max_participants: 30, min_days_ahead: 14, only_sufficient_level: true, auto_assign_seats: false };

function formOf(rule: InstantConfirmationRuleResponse): RuleForm {
  // A change waiting for approval is what the operator edits further.
  const r = rule.pending_change?.rule ?? rule;
  return {
    name: r.name,
    agent_scope: r.agent_ids === null ? 'ALL' : 'LIST',
    agent_ids: (r.agent_ids ?? []).map(String),
    channels: [...r.channels],
    max_participants: r.max_participants,
    min_days_ahead: r.min_days_ahead,
    only_sufficient_level: r.only_sufficient_level,
    auto_assign_seats: r.auto_assign_seats,
  };
}

function bodyOf(values: RuleForm) {
  return {
    name: values.name.trim(),
    agent_ids: values.agent_scope === 'ALL' ? null : values.agent_ids.map(Number),
    channels: values.channels,
    max_participants: values.max_participants === '' ? Number.NaN : Number(values.max_participants),
    min_days_ahead: values.min_days_ahead === '' ? Number.NaN : Number(values.min_days_ahead),
    only_sufficient_level: values.only_sufficient_level,
    auto_assign_seats: values.auto_assign_seats,
  };
}

/** Ask for a new rule (rule null) or a change of one: either waits for a second person's approval. Mount it per rule (key). */
export function InstantConfirmationRuleFormModal({ rule, onClose }: { rule: InstantConfirmationRuleResponse | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['masterData', 'common']);
  const submitRule = useSubmitInstantConfirmationRule();
  const agents = useRuleAgentOptions();
  const labels: FieldLabels = {
    name: () => t('instantRules.fields.name'),
    agent_ids: () => t('instantRules.fields.agents'),
    channels: () => t('instantRules.fields.channels'),
    max_participants: () => t('instantRules.fields.maxParticipants'),
    min_days_ahead: () => t('instantRules.fields.minDaysAhead'),
  };
  const validate = zodValidate(InstantConfirmationRuleBody, labels, {
    channels: () => t('instantRules.validation.channels'),
    agent_ids: () => t('instantRules.validation.agents'),
  });
  const form = useForm<RuleForm>({
    initialValues: rule ? formOf(rule) : EMPTY,
    validate: (values) => {
      const errors = validate(bodyOf(values));
      if (values.agent_scope === 'LIST' && values.agent_ids.length === 0) errors.agent_ids = t('instantRules.validation.agents');
      if (values.channels.length === 0) errors.channels = t('instantRules.validation.channels');
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    submitRule.mutate(
      { id: rule?.id ?? null, body: bodyOf(values) as InstantConfirmationRuleBody },
      {
        onSuccess: () => {
          notifySuccess(t(rule ? 'instantRules.changeSubmitted' : 'instantRules.submitted'));
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
        },
      },
    );
  });

  const agentOptions = (agents.data?.agents ?? []).map((a) => ({ value: String(a.id), label: i18n.language === 'en' && a.name_en ? a.name_en : a.name_ja }));
  const title = t(rule ? 'instantRules.editTitle' : 'instantRules.createTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('instantRules.approvalNote')}
          </Text>
          <TextInput label={t('instantRules.fields.name')} required autoComplete="off" {...form.getInputProps('name')} {...counted(form.values.name, MAX_MASTER_NAME)} />
          <Radio.Group label={t('instantRules.fields.agentScope')} {...form.getInputProps('agent_scope')}>
            <Group gap="md" mt={4}>
              <Radio value="ALL" label={t('instantRules.scope.all')} />
              <Radio value="LIST" label={t('instantRules.scope.list')} />
            </Group>
          </Radio.Group>
          {form.values.agent_scope === 'LIST' && (
            <MultiSelect label={t('instantRules.fields.agents')} data={agentOptions} searchable required {...form.getInputProps('agent_ids')} />
          )}
          <Checkbox.Group label={t('instantRules.fields.channels')} required {...form.getInputProps('channels')}>
            <Group gap="md" mt={4}>
              {BOOKING_CHANNELS.map((c) => (
                <Checkbox key={c} value={c} label={t(`instantRules.channel.${c}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t('instantRules.fields.maxParticipants')}
              description={t('instantRules.fields.maxParticipantsHint')}
              required
              min={1}
              max={MAX_RULE_PARTICIPANTS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('max_participants')}
            />
            <NumberInput
              label={t('instantRules.fields.minDaysAhead')}
              description={t('instantRules.fields.minDaysAheadHint')}
              required
              min={0}
              max={MAX_RULE_DAYS_AHEAD}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('min_days_ahead')}
            />
          </SimpleGrid>
          <Checkbox label={t('instantRules.fields.onlySufficient')} description={t('instantRules.fields.onlySufficientHint')} {...form.getInputProps('only_sufficient_level', { type: 'checkbox' })} />
          <Checkbox label={t('instantRules.fields.autoAssignSeats')} description={t('instantRules.fields.autoAssignSeatsHint')} {...form.getInputProps('auto_assign_seats', { type: 'checkbox' })} />
          <FormModalActions saving={submitRule.isPending} onCancel={onClose} submitLabel={t('instantRules.submitForApproval')} />
        </Stack>
      </form>
    </Modal>
  );
}
