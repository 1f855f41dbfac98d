// Mantine's styles: all of them in the dev server, the used components' only in a build (mantine-styles.ts).
import 'virtual:mantine-styles';
// The date pickers', charts' and toasts' styles come with the screens (and the toast layer) that use them.
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { handleSessionExpiry } from './app/session-expiry.ts';
import { initI18n, pickStartLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

// The router starts the first screen's download and its session check at once; the messages of
// the one language shown are fetched meanwhile. (No top-level await: a chunk that imports this one
// could not run until it finished.)
const messages = initI18n(pickStartLanguage(), 'core');
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
handleSessionExpiry(queryClient, router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first render is a transition: React renders it in slices of a few milliseconds, so the page
// keeps answering while the shell and the first screen are made, instead of one long task.
void messages.then((i18n) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} i18n={i18n} />
      </StrictMode>,
    ),
  );
});
