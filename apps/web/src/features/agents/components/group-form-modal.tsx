import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { CreateAgentGroupBody, MAX_AGENT_NAME, MAX_AGENT_OTHER_NAME, UpdateAgentGroupBody, type AgentGroupResponse } from '@sagano/domain/agents/agent-schemas';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { counted } from '../../../components/length-counter.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';
import { zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useCreateAgentGroup, useUpdateAgentGroup } from '../api/agent-groups.ts';
import { showServerFieldError } from './server-field-error.ts';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';

type GroupFormValues = {
  name_ja: string;
  name_kana: string;
  name_en: string;
  name_origin: string;
  fax: string;
  main_admin_email: string;
  main_admin_name: string;
  main_admin_tel: string;
};

const FIELDS: Record<string, keyof GroupFormValues> = {
  name_ja: 'name_ja',
  name_kana: 'name_kana',
  name_en: 'name_en',
  name_origin: 'name_origin',
  fax: 'fax',
  main_admin_email: 'main_admin_email',
  main_admin_name: 'main_admin_name',
  main_admin_tel: 'main_admin_tel',
};

function trimmed(values: GroupFormValues): GroupFormValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as GroupFormValues;
}

function initialValues(group: AgentGroupResponse | null): GroupFormValues {
  return {
    name_ja: group?.name_ja ?? '',
    name_kana: group?.name_kana ?? '',
    name_en: group?.name_en ?? '',
    name_origin: group?.name_origin ?? '',
    fax: group?.fax ?? '',
    main_admin_email: group?.main_admin.email ?? '',
    main_admin_name: group?.main_admin.name ?? '',
    main_admin_tel: group?.main_admin.tel ?? '',
  };
}

/** The labels of the branch form's fields (the messages name them). */
const LABELS: FieldLabels = {
  name_ja: () => i18next.t('agents:groups.fields.nameJa'),
  name_kana: () => i18next.t('agents:groups.fields.nameKana'),
  name_en: () => i18next.t('agents:groups.fields.nameEn'),
  name_origin: () => i18next.t('agents:groups.fields.nameOrigin'),
  fax: () => i18next.t('agents:fields.fax'),
  main_admin_email: () => i18next.t('agents:fields.mainAdminEmail'),
  main_admin_name: () => i18next.t('agents:fields.mainAdminName'),
  main_admin_tel: () => i18next.t('agents:fields.mainAdminTel'),
};

function validate(editing: boolean) {
  const messages = {
    fax: () => validationMessage.tel(i18next.t('agents:fields.fax')),
    main_admin_tel: () => validationMessage.tel(i18next.t('agents:fields.mainAdminTel')),
  };
  const create = zodValidate(CreateAgentGroupBody, LABELS, messages);
  const update = zodValidate(UpdateAgentGroupBody, LABELS, messages);
  return (values: GroupFormValues) => {
    const body = trimmed(values);
    if (editing) return update(body);
    return create({ ...body, agent_id: 1 });
  };
}

/**
 * Add a branch to an agent (group null: names, fax and its main admin, who is mailed an
 * invitation) or edit a group (the main admin's e-mail is the account's and stays). Mount it
 * per group (key) so the form starts from that group.
 */
export function GroupFormModal({
  agentId,
  group,
  opened,
  onClose,
}: {
  agentId: number;
  group: AgentGroupResponse | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agents', 'common']);
  const create = useCreateAgentGroup();
  const update = useUpdateAgentGroup();
  const saving = create.isPending || update.isPending;
  const form = useForm<GroupFormValues>({ initialValues: initialValues(group), validate: validate(group !== null), transformValues: trimmed });
  const onError = (error: Error) => {
    showServerFieldError(form, error, FIELDS, 'main_admin_email', LABELS);
  };

  const submit = form.onSubmit((values) => {
    if (group) {
      const { main_admin_email: _email, ...body } = values;
      update.mutate({ id: group.id, body }, { onSuccess: () => { notifySuccess(t('groups.updated')); onClose(); }, onError });
    } else {
      create.mutate({ ...values, agent_id: agentId }, { onSuccess: () => { notifySuccess(t('groups.created')); onClose(); }, onError });
    }
  });

  const title = group ? t('groups.editTitle') : t('groups.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {!group && (
            <Text size="sm" c="dimmed">
              {t('groups.createNote')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('groups.fields.nameJa')} required autoComplete="off" {...form.getInputProps('name_ja')} {...counted(form.values.name_ja, MAX_AGENT_NAME)} />
            <TextInput label={t('groups.fields.nameKana')} autoComplete="off" {...form.getInputProps('name_kana')} {...counted(form.values.name_kana, MAX_AGENT_OTHER_NAME)} />
            <TextInput label={t('groups.fields.nameEn')} autoComplete="off" {...form.getInputProps('name_en')} {...counted(form.values.name_en, MAX_AGENT_OTHER_NAME)} />
            <TextInput label={t('groups.fields.nameOrigin')} autoComplete="off" {...form.getInputProps('name_origin')} {...counted(form.values.name_origin, MAX_AGENT_OTHER_NAME)} />
            <TextInput label={t('fields.fax')} type="tel" autoComplete="off" {...form.getInputProps('fax')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('fields.mainAdminEmail')}
              description={group ? undefined : t('fields.mainAdminEmailDescription')}
              // Under the field, as the names' counters are: the row's inputs line up.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              type="email"
              autoComplete="off"
              required={!group}
              readOnly={Boolean(group)}
              variant={group ? 'filled' : undefined}
              {...form.getInputProps('main_admin_email')}
            />
            <TextInput label={t('fields.mainAdminName')} required autoComplete="off" {...form.getInputProps('main_admin_name')} {...counted(form.values.main_admin_name, MAX_PERSON_NAME)} />
            <TextInput label={t('fields.mainAdminTel')} type="tel" autoComplete="off" {...form.getInputProps('main_admin_tel')} />
          </SimpleGrid>
          <FormModalActions saving={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
