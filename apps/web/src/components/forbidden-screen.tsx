import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from './message-screen.tsx';

export function ForbiddenScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      icon={<IconLock size={36} />}
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      action={{ label: t('forbidden.toDashboard'), to: '/dashboard' }}
    />
  );
}
