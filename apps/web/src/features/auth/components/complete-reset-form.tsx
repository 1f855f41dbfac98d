import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCompletePasswordReset } from '../api/complete-password-reset.ts';
import { newPasswordErrors } from './new-password-validation.ts';
import { PasswordChecklist } from './password-checklist.tsx';

type Values = { password: string; confirmation: string };

/** The mailed link: set a new password with the token it carries. */
export function CompleteResetForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const complete = useCompletePasswordReset();
  const [done, setDone] = useState(false);
  const [tokenRejected, setTokenRejected] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => newPasswordErrors(values.password, values.confirmation, { password: t('resetComplete.password'), confirmation: t('resetComplete.confirm') }),
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('resetComplete.doneTitle')} role="status">
          {t('resetComplete.done')}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t('resetComplete.toLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('resetComplete.title')}
      onSubmit={form.onSubmit((values) =>
        complete.mutate(
          { token, password: values.password },
          {
            onSuccess: () => setDone(true),
            onError: (error) => {
              if (!(error instanceof ApiError)) return;
              if (error.code === 'RESET_TOKEN_INVALID') setTokenRejected(errorMessage(error));
              else if (error.code?.startsWith('PASSWORD_') || error.field === 'password')
                form.setFieldError('password', errorMessage(error));
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        {tokenRejected && (
          <Alert color="red" variant="light" role="alert">
            {tokenRejected}{' '}
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('resetComplete.requestAgain')}
            </Anchor>
          </Alert>
        )}
        <PasswordField
          label={t('resetComplete.password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordChecklist password={form.values.password} />
        <PasswordField
          label={t('resetComplete.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" loading={complete.isPending} fullWidth mt="xs">
          {t('resetComplete.submit')}
        </Button>
      </Stack>
    </form>
  );
}
