import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@sagano/domain/auth/auth-schemas';
import { PASSWORD_MAX_LENGTH } from '@sagano/domain/auth/password-policy';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { validationMessage as v } from '../../../lib/validation-messages.ts';
import { safeRedirect } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

type LoginValues = { email: string; password: string; totp_code: string };

/** Where two-factor sign-in is set up; an agent whose agent requires it lands there first. */
const TWO_FACTOR_PATH = '/two-factor';

/**
 * /login: e-mail and password; an account with two-factor sign-in is then asked (TOTP_REQUIRED)
 * for the 6-digit code of its authenticator app, and the same login is sent again with it.
 */
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

  // The rules of LoginBody written out: the sign-in page is the first download and stays without zod (≈ 60 KiB).
  const validateBody = (body: LoginBody) => {
    const errors: Record<string, string> = {};
    const text = (value: string, max: number, label: string) => (value.trim() === '' ? v.required(label) : value.length > max ? v.maxLength(label, max) : null);
    const email = text(body.email, 254, t('login.email'));
    if (email) errors.email = email;
    const password = text(body.password, PASSWORD_MAX_LENGTH, t('login.password'));
    if (password) errors.password = password;
    if (body.totp_code !== undefined && !/^\d{6}$/.test(body.totp_code)) {
      errors.totp_code = body.totp_code === '' ? v.required(t('login.totp')) : v.digits(t('login.totp'), 6);
    }
    return errors;
  };
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '', totp_code: '' },
    validate: (values) => validateBody(toBody(values)),
  });

  const backToPassword = () => {
    setNeedsTotp(false);
    setFailure(null);
    form.setFieldValue('totp_code', '');
    form.clearErrors();
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(toBody(values), {
      onSuccess: ({ user }) => {
        // Earlier failures are settled: their toasts would only cover the first screen.
        notifications.clean();
        const target = user.totp_setup_required ? TWO_FACTOR_PATH : safeRedirect(searchParams.get('redirect'));
        void navigate(target, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
          setNeedsTotp(true);
          return;
        }
        if (error instanceof ApiError && error.code === 'TOTP_INVALID' && needsTotp) {
          // A wrong or already used code: said on the field, which is emptied for the next code.
          form.setFieldValue('totp_code', '');
          form.setFieldError('totp_code', errorMessage(error));
          return;
        }
        const message = errorMessage(error, { email: values.email.trim() });
        setFailure(message);
        notifyError(message);
      },
    });
  });

  const title = needsTotp ? t('login.totpTitle') : t('login.title');
  return (
    <AuthLayout title={title} description={needsTotp ? t('login.totpStep', { email: form.values.email.trim() }) : t('login.description')}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" title={t('login.errorTitle')} icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          {needsTotp ? (
            <TextInput
              // Appears only once the server asks for it: the cursor goes straight there.
              autoFocus
              label={t('login.totp')}
              description={t('login.totpDescription')}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em', fontSize: 'var(--mantine-font-size-lg)' } }}
              {...form.getInputProps('totp_code')}
              onChange={(e) => {
                form.setFieldValue('totp_code', e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
                form.clearFieldError('totp_code');
              }}
            />
          ) : (
            <>
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
            </>
          )}
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            {t('login.submit')}
          </Button>
          {needsTotp ? (
            <Anchor component="button" type="button" size="sm" ta="center" onClick={backToPassword}>
              <Text span inherit style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <IconArrowLeft size={14} aria-hidden />
                {t('login.back')}
              </Text>
            </Anchor>
          ) : (
            <Anchor component={Link} to="/reset-password" size="sm" ta="center">
              {t('login.forgotPassword')}
            </Anchor>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
