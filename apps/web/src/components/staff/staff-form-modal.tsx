import { useState } from 'react';
import { Alert, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CreateStaffBody, UpdateStaffBody, type StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { STAFF_TYPES, type StaffType } from '@sagano/domain/auth/roles';
import { UI_LANGUAGES, type UiLanguage } from '@sagano/domain/common/language';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { validationMessage } from '../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../lib/zod-form.ts';
import { FormModalActions } from '../form-modal-actions.tsx';
import { counted } from '../length-counter.tsx';

/** The form keeps the group id as text for its select. */
type Values = { email: string; name: string; tel: string; language_code: UiLanguage; staff_type: StaffType; group_id: string };
const FIELDS = ['email', 'name', 'tel', 'language_code', 'staff_type', 'group_id'] as const;

/** An office the staff member may belong to, as the screen names it. */
export type StaffGroupOption = { id: number; label: string };

/**
 * The create or update call of the screen (each side refreshes its own lists). It should not toast
 * its errors (`meta.silentError`): the form puts them on the field or in the dialog.
 */
export type StaffMutation<V> = {
  mutate: (variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

function initialValues(staff: StaffResponse | null, defaultGroupId: number | null): Values {
  return {
    email: staff?.email ?? '',
    name: staff?.name ?? '',
    tel: staff?.tel ?? '',
    language_code: staff?.language_code ?? 'ja',
    staff_type: staff?.staff_type ?? 'STAFF',
    group_id: String(staff?.group_id ?? defaultGroupId ?? ''),
  };
}

/** The body the API takes: trimmed, the group as a number. */
function toStaffBody(values: Values): CreateStaffBody {
  return {
    group_id: Number(values.group_id) || 0,
    email: values.email.trim(),
    name: values.name.trim(),
    tel: values.tel.trim(),
    language_code: values.language_code,
    staff_type: values.staff_type,
  };
}

/**
 * Add (staff null; mailed an invitation) or edit a staff member (the e-mail is the account's).
 * With more than one of `groups`, the office can be chosen. Your own type and group are fixed:
 * changing them would take your own access away mid-work. Mount it per staff member (key) so the
 * form starts from them. Words come from the `agents` namespace.
 */
export function StaffFormModal({
  staff,
  groups,
  defaultGroupId,
  create,
  update,
  onClose,
}: {
  staff: StaffResponse | null;
  groups: readonly StaffGroupOption[];
  defaultGroupId: number | null;
  create: StaffMutation<CreateStaffBody>;
  update: StaffMutation<{ id: string; body: UpdateStaffBody }>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agents', 'common']);
  const saving = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const self = staff?.is_self ?? false;
  const labels: FieldLabels = {
    email: () => t('staff.fields.email'),
    name: () => t('staff.fields.name'),
    tel: () => t('staff.fields.tel'),
    group_id: () => t('staff.fields.group'),
    staff_type: () => t('staff.fields.staffType'),
    language_code: () => t('staff.fields.language'),
  };
  const validate = zodValidate(staff ? UpdateStaffBody : CreateStaffBody, labels, { tel: () => validationMessage.tel(t('staff.fields.tel')) });

  const form = useForm<Values>({
    initialValues: initialValues(staff, defaultGroupId),
    validate: (values) => {
      const errors = validate(toStaffBody(values));
      // The group is a number for the API, a string in the select.
      if (errors.group_id) errors.group_id = validationMessage.select(t('staff.fields.group'));
      return errors;
    },
  });

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_REGISTERED') {
      form.setFieldError('email', errorMessage(error));
      return;
    }
    if (setServerFieldError(form, error, FIELDS, labels)) return;
    // Last admin of a group, not allowed, not found …: said in the dialog, which stays open.
    setFailure(errorMessage(error));
  };
  const done = (message: string) => () => {
    notifySuccess(message);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body = toStaffBody(values);
    if (staff) {
      const { email: _email, ...changes } = body;
      update.mutate({ id: staff.id, body: changes }, { onSuccess: done(t('staff.updated')), onError });
    } else {
      create.mutate(body, { onSuccess: done(t('staff.created')), onError });
    }
  });

  const title = staff ? t('staff.editTitle') : t('staff.createTitle');
  const choosesGroup = groups.length > 1;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {!staff && (
            <Text size="sm" c="dimmed">
              {t('staff.createNote')}
            </Text>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('staff.fields.email')}
            description={t('staff.fields.emailDescription')}
            type="email"
            autoComplete="off"
            required={!staff}
            readOnly={staff !== null}
            variant={staff ? 'filled' : undefined}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('staff.fields.name')} required autoComplete="off" {...form.getInputProps('name')} {...counted(form.values.name, MAX_PERSON_NAME)} />
            <TextInput label={t('staff.fields.tel')} type="tel" autoComplete="off" {...form.getInputProps('tel')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: choosesGroup ? 3 : 2 }} spacing="sm">
            {choosesGroup && (
              <NativeSelect
                label={t('staff.fields.group')}
                required
                disabled={self}
                data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
                {...form.getInputProps('group_id')}
              />
            )}
            <NativeSelect
              label={t('staff.fields.staffType')}
              required
              disabled={self}
              data={STAFF_TYPES.map((type) => ({ value: type, label: t(`staff.staffTypes.${type}`) }))}
              {...form.getInputProps('staff_type')}
            />
            <NativeSelect
              label={t('staff.fields.language')}
              required
              data={UI_LANGUAGES.map((l) => ({ value: l, label: t(`common:languageNames.${l}`) }))}
              {...form.getInputProps('language_code')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('staff.formHint')}
          </Text>
          <FormModalActions saving={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
