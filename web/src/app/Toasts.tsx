/** The container of success and error banners (ui/feedback.ts), with its stylesheets. */
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export default function Toasts() {
  return <Notifications position="top-center" zIndex={4000} limit={3} />;
}
