import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' layer on its own module, so that it is a download of its own (providers.tsx). */
export default function ToastsLayer() {
  return <Notifications position="top-center" limit={5} />;
}
