import i18next from 'i18next';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { STAFF_TYPES, type StaffType } from '@sagano/domain/auth/roles';
import { UI_LANGUAGES, type UiLanguage } from '@sagano/domain/common/language';
import { CreateStaffBody, type StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useCreateStaff, useUpdateStaff } from '../api/agent-staffs.ts';
import { showServerFieldError } from './server-field-error.ts';

/** The form keeps the group id as text for its select. */
type StaffFormValues = { group_id: string; email: string; name: string; tel: string; language_code: UiLanguage; staff_type: StaffType };

const FIELDS: Record<string, keyof StaffFormValues> = {
  group_id: 'group_id',
  email: 'email',
  name: 'name',
  tel: 'tel',
  language_code: 'language_code',
  staff_type: 'staff_type',
};

export type GroupOption = { id: number; name_ja: string; is_root: boolean };

function toBody(values: StaffFormValues) {
  return {
    group_id: Number(values.group_id),
    email: values.email.trim(),
    name: values.name.trim(),
    tel: values.tel.trim(),
    language_code: values.language_code,
    staff_type: values.staff_type,
  };
}

/**
 * Add a staff member to `groupId` (staff null; mailed an invitation) or edit one (the e-mail is
 * the account's). With `groups`, the staff member's office can be chosen. Mount it per staff
 * member (key) so the form starts from them.
 */
export function StaffFormModal({
  groupId,
  groups,
  staff,
  opened,
  onClose,
}: {
  groupId: number;
  groups: GroupOption[];
  staff: StaffResponse | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agents', 'common']);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const saving = create.isPending || update.isPending;
  const validate = zodValidate(CreateStaffBody, { tel: () => i18next.t('common:validation.tel') });
  const form = useForm<StaffFormValues>({
    initialValues: {
      group_id: String(staff?.group_id ?? groupId),
      email: staff?.email ?? '',
      name: staff?.name ?? '',
      tel: staff?.tel ?? '',
      language_code: staff?.language_code ?? 'ja',
      staff_type: staff?.staff_type ?? 'STAFF',
    },
    validate: (values) => validate(toBody(values)),
  });
  const onError = (error: Error) => {
    showServerFieldError(form, error, FIELDS, 'email');
  };

  const submit = form.onSubmit((values) => {
    const body = toBody(values);
    if (staff) {
      const { email: _email, ...changes } = body;
      update.mutate({ id: staff.id, body: changes }, { onSuccess: () => { notifySuccess(t('staff.updated')); onClose(); }, onError });
    } else {
      create.mutate(body, { onSuccess: () => { notifySuccess(t('staff.created')); onClose(); }, onError });
    }
  });

  const groupLabel = (g: GroupOption) => (g.is_root ? t('groups.rootOption', { name: g.name_ja }) : g.name_ja);
  const title = staff ? t('staff.editTitle') : t('staff.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {!staff && (
            <Text size="sm" c="dimmed">
              {t('staff.createNote')}
            </Text>
          )}
          <TextInput
            label={t('staff.fields.email')}
            description={staff ? undefined : t('staff.fields.emailDescription')}
            type="email"
            autoComplete="off"
            required={!staff}
            readOnly={Boolean(staff)}
            variant={staff ? 'filled' : undefined}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('staff.fields.name')} required autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label={t('staff.fields.tel')} type="tel" autoComplete="off" {...form.getInputProps('tel')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: groups.length > 1 ? 3 : 2 }} spacing="sm">
            <NativeSelect
              label={t('staff.fields.staffType')}
              required
              data={STAFF_TYPES.map((type) => ({ value: type, label: t(`staff.staffTypes.${type}`) }))}
              {...form.getInputProps('staff_type')}
            />
            <NativeSelect
              label={t('staff.fields.language')}
              required
              data={UI_LANGUAGES.map((l) => ({ value: l, label: t(`common:languageNames.${l}`) }))}
              {...form.getInputProps('language_code')}
            />
            {groups.length > 1 && (
              <NativeSelect
                label={t('staff.fields.group')}
                required
                data={groups.map((g) => ({ value: String(g.id), label: groupLabel(g) }))}
                {...form.getInputProps('group_id')}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm" gap="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
