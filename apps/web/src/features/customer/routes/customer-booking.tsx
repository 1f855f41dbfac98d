import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconTicketOff } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNotFound, useCustomerSummary } from '../api/customer-api.ts';
import { BookingDetails, TrainList, VoucherCard, InvoiceCard } from '../components/booking-overview.tsx';
import { formatCancelledOn } from '../components/customer-format.ts';
import { customerPageView } from '../components/customer-state.ts';
import { CustomerLayout } from '../components/customer-layout.tsx';
import classes from './customer-booking.module.css';

/**
 * The seat change (seat map, dialogs) sits below the booking and is not what the group opens the
 * page to read: its code comes after the page has painted, not before.
 */
const SeatChange = lazy(() => import('../components/seat-change.tsx').then((m) => ({ default: m.SeatChange })));
/** The other trains' seats: asked for now and then, so loaded after the page too. */
const OtherTrains = lazy(() => import('../components/other-trains.tsx').then((m) => ({ default: m.OtherTrains })));

function Message({ icon, title, description, hint, action }: { icon: ReactNode; title: string; description?: string; hint?: string; action?: { label: string; onClick: () => void } }) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description && <Text>{description}</Text>}
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {action && <Button onClick={action.onClick}>{action.label}</Button>}
      </Stack>
    </Center>
  );
}

/**
 * The group's own booking page (/customer/bookings/{id}?token=), opened from the mail or the
 * voucher's QR code without a login: the booking, its trains and seats, the voucher, and the
 * seat change while it is allowed, and above them what has happened to the booking (one message
 * per state, customer-state.ts). Japanese first; English, Chinese and Korean by ?lang=, the
 * browser's languages or the switch.
 */
export function Component() {
  const { t, i18n } = useTranslation('customer');
  const { bookingId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const summary = useCustomerSummary(bookingId, token);

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  let body: ReactNode;
  if (!bookingId || !token || (summary.isError && isNotFound(summary.error))) {
    body = (
      <Message
        icon={<IconTicketOff size={36} aria-hidden />}
        title={t('notFound.title')}
        hint={t('notFound.hint')}
      />
    );
  } else if (summary.isError) {
    body = (
      <Message
        icon={<IconAlertTriangle size={36} aria-hidden />}
        title={t('loadError.title')}
        description={t('loadError.description')}
        action={{ label: t('loadError.retry'), onClick: () => void summary.refetch() }}
      />
    );
  } else if (summary.isPending) {
    body = (
      <Center py={64} role="status" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  } else {
    const data = summary.data;
    const view = customerPageView(data);
    const ended = view.seats === 'never';
    body = (
      <Stack gap="md">
        <Alert
          color={view.color}
          variant="light"
          icon={ended ? <IconTicketOff size={20} aria-hidden /> : <IconInfoCircle size={20} aria-hidden />}
          title={<span role="heading" aria-level={2}>{t(`state.${view.state}.title`)}</span>}
          data-testid="booking-state"
          data-state={view.state}
        >
          <Stack gap={4}>
            <Text size="sm">{t(`state.${view.state}.description`)}</Text>
            {view.state === 'cancelled' && data.cancelled_at && <Text size="sm" fw={600}>{t('cancelledOn', { date: formatCancelledOn(data.cancelled_at, i18n.resolvedLanguage ?? 'ja') })}</Text>}
          </Stack>
        </Alert>
        <div className={classes.overview}>
          <div className={classes.details}>
            <BookingDetails summary={data} />
          </div>
          <div className={classes.trains}>
            <TrainList summary={data} view={view} />
          </div>
          <div className={classes.voucher}>
            <Stack gap="lg">
              <VoucherCard summary={data} token={token} view={view} />
              {view.invoice && <InvoiceCard summary={data} />}
            </Stack>
          </div>
        </div>
        {data.can_change_seat && (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <SeatChange bookingId={bookingId} token={token} />
          </Suspense>
        )}
        {/* A cancelled or refused booking's link searches no trains (the server refuses it too). */}
        {!ended && data.trains.length > 0 && (
          <Suspense fallback={null}>
            <OtherTrains bookingId={bookingId} token={token} summary={data} />
          </Suspense>
        )}
      </Stack>
    );
  }

  return <CustomerLayout>{body}</CustomerLayout>;
}
