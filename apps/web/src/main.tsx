import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { handleSessionExpiry } from './app/session-expiry.ts';
import { initI18n, pickStartLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

const i18n = await initI18n(pickStartLanguage());
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
handleSessionExpiry(queryClient, router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} i18n={i18n} />
  </StrictMode>,
);
