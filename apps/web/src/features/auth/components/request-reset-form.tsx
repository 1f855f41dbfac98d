import { useState } from 'react';
import { Alert, Anchor, Button, Radio, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_ROLES, RequestPasswordResetBody } from '@sagano/domain/auth/auth-schemas';
import { setServerFieldError, zodValidate } from '../../../lib/zod-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** Forgot password: the answer is the same whether or not the address is registered. */
export function RequestResetForm() {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const labels = { role: () => t('resetRequest.role'), email: () => t('resetRequest.email') };
  const form = useForm<RequestPasswordResetBody>({
    initialValues: { role: 'ADMIN', email: '' },
    validate: zodValidate(RequestPasswordResetBody, labels),
    transformValues: (values) => ({ ...values, email: values.email.trim() }),
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden />} title={t('resetRequest.sentTitle')} role="status">
          {t('resetRequest.sent')}
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('resetRequest.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('resetRequest.title')}
      onSubmit={form.onSubmit((values) =>
        request.mutate(values, {
          onSuccess: () => setSent(true),
          onError: (error) => setServerFieldError(form, error, ['email', 'role'], labels),
        }),
      )}
    >
      <Stack gap="sm">
        <Radio.Group label={t('resetRequest.role')} required {...form.getInputProps('role')}>
          <Group gap="lg" mt={6}>
            {RESET_ROLES.map((role) => (
              <Radio key={role} value={role} label={t(`resetRequest.roles.${role}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('resetRequest.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          {t('resetRequest.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('resetRequest.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
