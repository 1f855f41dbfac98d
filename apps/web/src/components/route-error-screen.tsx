import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForbiddenScreen } from './forbidden-screen.tsx';
import { MessageScreen } from './message-screen.tsx';
import { NotFoundScreen } from './not-found-screen.tsx';

/** Route error boundary: 404 and 403 answers get their screens, anything else a reload offer. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenScreen />;
  return (
    <MessageScreen
      icon={<IconAlertTriangle size={36} />}
      title={t('routeError.title')}
      description={t('routeError.description')}
      action={{ label: t('routeError.reload'), onClick: () => window.location.reload() }}
    />
  );
}
