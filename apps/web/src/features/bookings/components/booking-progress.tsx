import { Alert, Box, Flex, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck, IconClockPause, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { BookingProgress as Progress, ProgressStepState } from '@sagano/domain/bookings/booking-progress';

const ICON_COLOR: Record<ProgressStepState, string> = { done: 'teal', current: 'blue', todo: 'gray' };

/**
 * The operator's view of where the booking stands: six steps from request to voucher, each done,
 * current or not yet (a list, vertical on a phone). A waitlisted, cancelling, cancelled or
 * refused booking is said in words instead, so no progress misleads.
 */
export function BookingProgress({ progress, booking }: { progress: Progress; booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  if (progress.mode !== 'progress') return <ModeNotice progress={progress} booking={booking} />;
  return (
    <Flex
      component="ol"
      aria-label={t('progress.label')}
      data-testid="booking-progress"
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: 6, sm: 'xs' }}
      wrap="nowrap"
      m={0}
      p={0}
      style={{ listStyle: 'none', flex: 1, minWidth: 0 }}
    >
      {progress.steps.map(({ step, state, problem, resend }, index) => (
        <Flex
          key={step}
          component="li"
          aria-current={state === 'current' ? 'step' : undefined}
          data-state={state}
          align="center"
          gap={8}
          style={{ flex: 1, minWidth: 0 }}
        >
          <ThemeIcon
            size={28}
            radius="xl"
            color={problem ? 'red' : resend ? 'orange' : ICON_COLOR[state]}
            variant={state === 'todo' ? 'light' : 'filled'}
            aria-hidden
          >
            {state === 'done' ? <IconCheck size={16} /> : problem || resend ? <IconAlertTriangle size={16} /> : <Text size="xs" fw={700} c="inherit">{index + 1}</Text>}
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={state === 'current' ? 700 : 500} c={state === 'todo' ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {t(`progress.steps.${step}`)}
            </Text>
            <Text size="xs" c={problem ? 'red.8' : resend ? 'red.9' : 'dimmed'} fw={resend ? 700 : undefined}>
              {problem ? t(`progress.problem.${step as 'allotment' | 'seats'}`) : resend ? t('progress.state.resend') : t(`progress.state.${state}`)}
              {/* A prepaid fare not yet paid holds the voucher back (the voucher dialog says why and takes an override). */}
              {step === 'voucher' && state !== 'done' && booking.documents.voucher_awaits_payment && ` ・ ${t('progress.state.awaitsPayment')}`}
            </Text>
          </Box>
          {index < progress.steps.length - 1 && (
            <Box
              visibleFrom="sm"
              aria-hidden
              style={{ flex: 1, minWidth: 12, height: 2, background: state === 'done' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-3)' }}
            />
          )}
        </Flex>
      ))}
    </Flex>
  );
}

function ModeNotice({ progress, booking }: { progress: Progress; booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  const held = booking.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED';
  switch (progress.mode) {
    case 'waitlist':
      return (
        <Alert data-testid="booking-progress" color="violet" variant="light" icon={<IconHourglass size={18} aria-hidden />} title={t('progress.mode.waitlist.title')} style={{ flex: 1 }}>
          {t(held ? 'progress.mode.waitlist.held' : 'progress.mode.waitlist.waiting')}
        </Alert>
      );
    case 'cancelling':
      return (
        <Alert data-testid="booking-progress" color="orange" variant="light" icon={<IconClockPause size={18} aria-hidden />} title={t('progress.mode.cancelling.title')} style={{ flex: 1 }}>
          {t(booking.status === 'CANCELLATION_PENDING' ? 'progress.mode.cancelling.CANCELLATION_PENDING' : 'progress.mode.cancelling.CANCELLATION_SUBMITTED')}
        </Alert>
      );
    case 'cancelled':
    case 'refused':
      return (
        <Alert data-testid="booking-progress" color="gray" variant="light" icon={<IconBan size={18} aria-hidden />} title={t(`progress.mode.${progress.mode}.title`)} style={{ flex: 1 }}>
          {t(`progress.mode.${progress.mode}.body`)}
        </Alert>
      );
    default:
      return null;
  }
}
