import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from './message-screen.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      icon={<IconMapQuestion size={36} />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={{ label: t('notFound.toDashboard'), to: '/dashboard' }}
    />
  );
}
