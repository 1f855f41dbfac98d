import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../components/auth-layout.tsx';
import { CompleteResetForm } from '../components/complete-reset-form.tsx';
import { RequestResetForm } from '../components/request-reset-form.tsx';

/** /reset-password asks for a reset mail; /reset-password?token=… (the mailed link) sets the new password. */
export function Component() {
  const { t } = useTranslation('auth');
  const token = useSearchParams()[0].get('token');
  return token ? (
    <AuthLayout title={t('resetComplete.title')} description={t('resetComplete.description')}>
      <CompleteResetForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={t('resetRequest.title')} description={t('resetRequest.description')}>
      <RequestResetForm />
    </AuthLayout>
  );
}
