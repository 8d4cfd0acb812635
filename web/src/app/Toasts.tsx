/** The container of success and error banners (ui/feedback.ts), with its stylesheets. */
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import classes from './Toasts.module.css';

/** Below this width the header is a burger bar and the banners move to the bottom. */
const PHONE_QUERY = '(max-width: 48em)';

export default function Toasts() {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} zIndex={4000} limit={3} classNames={{ root: classes.root }} />;
}
