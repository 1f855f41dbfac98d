import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginBody } from '@sagano/domain/auth/auth-schemas';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { safeRedirect } from '../../../lib/session.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

type LoginValues = { email: string; password: string; totp_code: string };

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [needsTotp, setNeedsTotp] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const toBody = (values: LoginValues): LoginBody => ({
    email: values.email.trim(),
    password: values.password,
    ...(needsTotp ? { totp_code: values.totp_code.trim() } : {}),
  });

  const validateBody = zodValidate(LoginBody);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '', totp_code: '' },
    validate: (values) => validateBody(toBody(values)),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(toBody(values), {
      onSuccess: () => {
        // Earlier failures are settled: their toasts would only cover the first screen.
        notifications.clean();
        void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
          setNeedsTotp(true);
          return;
        }
        const message = errorMessage(error, { email: values.email.trim() });
        setFailure(message);
        notifyError(message);
        if (error instanceof ApiError && error.code === 'TOTP_INVALID') form.setFieldValue('totp_code', '');
      },
    });
  });

  return (
    <AuthLayout title={t('login.title')} description={t('login.description')}>
      <form onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" title={t('login.errorTitle')} icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          {needsTotp && (
            <TextInput
              // Appears only once the server asks for it: the cursor goes straight there.
              autoFocus
              label={t('login.totp')}
              description={t('login.totpDescription')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              {...form.getInputProps('totp_code')}
            />
          )}
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm" ta="center">
            {t('login.forgotPassword')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
