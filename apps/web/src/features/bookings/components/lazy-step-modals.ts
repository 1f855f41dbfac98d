import { lazy } from 'react';

/**
 * The booking page's step dialogs with their own forms, downloaded when one is first opened: a
 * booking's first paint does not carry the mail editor or the priority, operator, note and
 * station forms. Render them inside a Suspense boundary (nothing shows while one downloads).
 */
export const MailStepModal = lazy(() => import('./mail-step-modal.tsx').then((m) => ({ default: m.MailStepModal })));
export const SimpleStepModal = lazy(() => import('./simple-step-modals.tsx').then((m) => ({ default: m.SimpleStepModal })));
