import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { errorMessage } from './error-message.ts';

/** Error toasts stay 10 seconds (spec 001 §8). */
export const ERROR_TOAST_MS = 10_000;
const SUCCESS_TOAST_MS = 4_000;

/** A toast's close button is named (axe: button-name), in the reader's language. */
export function toastCloseButton(): { 'aria-label': string } {
  return { 'aria-label': i18next.t('common:actions.close') };
}

/** Shows a red toast; the same message twice at once is shown once. */
export function notifyError(message: string): void {
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    title: i18next.t('common:toast.errorTitle'),
    message,
    autoClose: ERROR_TOAST_MS,
    withBorder: true,
    closeButtonProps: toastCloseButton(),
  });
}

export function notifyApiError(error: unknown, values?: Record<string, string>): void {
  notifyError(errorMessage(error, values));
}

export function notifySuccess(message: string): void {
  notifications.show({
    color: 'teal',
    title: i18next.t('common:toast.successTitle'),
    message,
    autoClose: SUCCESS_TOAST_MS,
    withBorder: true,
    closeButtonProps: toastCloseButton(),
  });
}

/** Mutation options for a step run from a modal: once done, close the modal and say so. */
export function closeAndNotify(close: () => void, message: string): { onSuccess: () => void } {
  return {
    onSuccess: () => {
      close();
      notifySuccess(message);
    },
  };
}
