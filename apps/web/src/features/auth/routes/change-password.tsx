import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { newPasswordErrors } from '../components/new-password-validation.ts';
import { PasswordChecklist } from '../components/password-checklist.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

type Values = { current_password: string; new_password: string; confirmation: string };

const EMPTY: Values = { current_password: '', new_password: '', confirmation: '' };

/** Which field a refusal of the server belongs to. */
function fieldOf(error: ApiError): keyof Values | null {
  if (error.code === 'CURRENT_PASSWORD_WRONG' || error.field === 'current_password') return 'current_password';
  if (error.code?.startsWith('PASSWORD_') || error.field === 'new_password') return 'new_password';
  return null;
}

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const change = useChangePassword();
  const { email } = useCurrentUser();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = newPasswordErrors(values.new_password, values.confirmation, { password: t('changePassword.new'), confirmation: t('changePassword.confirm') }, email);
      return {
        current_password: values.current_password ? undefined : validationMessage.required(t('changePassword.current')),
        new_password: errors.password,
        confirmation: errors.confirmation,
      };
    },
  });

  const submit = form.onSubmit((values) =>
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifySuccess(t('changePassword.success'));
          form.setValues(EMPTY);
          form.resetDirty(EMPTY);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? fieldOf(error) : null;
          if (field) form.setFieldError(field, errorMessage(error));
        },
      },
    ),
  );

  return (
    <>
      <PageHeader title={t('changePassword.title')} description={t('changePassword.description')} />
      <Paper withBorder p="lg" maw={480}>
        <form onSubmit={submit} noValidate aria-label={t('changePassword.title')}>
          <Stack gap="sm">
            <PasswordField
              label={t('changePassword.current')}
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordField
              label={t('changePassword.new')}
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <PasswordChecklist password={form.values.new_password} email={email} />
            <PasswordField
              label={t('changePassword.confirm')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmation')}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={change.isPending}>
                {t('changePassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
