import { Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { USER_GROUPS, USER_TYPES } from '@sagano/domain/auth/roles';
import { UI_LANGUAGES } from '@sagano/domain/common/language';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { CreateUserBody, type UserResponse } from '@sagano/domain/users/user-schemas';
import { counted } from '../../../components/length-counter.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';

const FIELDS = ['email', 'name', 'tel', 'user_group', 'user_type', 'language_code'] as const;

function initialValues(user: UserResponse | null): CreateUserBody {
  return {
    email: user?.email ?? '',
    name: user?.name ?? '',
    tel: user?.tel ?? '',
    user_group: user?.user_group ?? 'BACK_OFFICE',
    user_type: user?.user_type ?? 'STAFF',
    language_code: user?.language_code ?? 'ja',
  };
}

/** Add (user null) or edit a user. Mount it per user (key) so the form starts from that user. */
export function UserFormModal({ user, opened, onClose }: { user: UserResponse | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const labels: FieldLabels = {
    email: () => t('fields.email'),
    name: () => t('fields.name'),
    tel: () => t('fields.tel'),
    user_group: () => t('fields.userGroup'),
    user_type: () => t('fields.userType'),
    language_code: () => t('fields.language'),
  };

  const form = useForm<CreateUserBody>({
    initialValues: initialValues(user),
    validate: zodValidate(CreateUserBody, labels, { tel: () => validationMessage.tel(t('fields.tel')) }),
    transformValues: (values) => ({ ...values, email: values.email.trim(), name: values.name.trim(), tel: values.tel.trim() }),
  });

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_REGISTERED') {
      form.setFieldError('email', errorMessage(error));
      return;
    }
    setServerFieldError(form, error, FIELDS, labels);
  };

  const submit = form.onSubmit((values) => {
    if (user) {
      update.mutate(
        { ...values, uid: user.uid },
        { onSuccess: () => { notifySuccess(t('updated')); onClose(); }, onError },
      );
    } else {
      create.mutate(values, { onSuccess: () => { notifySuccess(t('created')); onClose(); }, onError });
    }
  });

  const title = user ? t('editTitle') : t('createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {!user && (
            <Text size="sm" c="dimmed">
              {t('createNote')}
            </Text>
          )}
          <TextInput
            label={t('fields.email')}
            description={t('fields.emailDescription')}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.name')} autoComplete="off" required {...form.getInputProps('name')} {...counted(form.values.name, MAX_PERSON_NAME)} />
            <TextInput label={t('fields.tel')} type="tel" autoComplete="off" {...form.getInputProps('tel')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label={t('fields.userGroup')}
              required
              data={USER_GROUPS.map((g) => ({ value: g, label: t(`userGroups.${g}`) }))}
              {...form.getInputProps('user_group')}
            />
            <NativeSelect
              label={t('fields.userType')}
              required
              data={USER_TYPES.map((type) => ({ value: type, label: t(`userTypes.${type}`) }))}
              {...form.getInputProps('user_type')}
            />
            <NativeSelect
              label={t('fields.language')}
              required
              data={UI_LANGUAGES.map((l) => ({ value: l, label: t(`common:languageNames.${l}`) }))}
              {...form.getInputProps('language_code')}
            />
          </SimpleGrid>
          <FormModalActions saving={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
