import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApprovalResponse } from '@sagano/domain/approvals/approval-schemas';
import { AffectedBookingsTable } from '../../../components/affected-bookings-table.tsx';
import { CALENDAR_TARGETS, useApprovalAffectedBookings } from '../api/get-approval-affected-bookings.ts';

/** For a calendar change still to be applied: the bookings on trains it stops, refused when it is applied. */
export function ApprovalAffectedBookings({ approval }: { approval: ApprovalResponse }) {
  const { t } = useTranslation('approvals');
  const relevant = CALENDAR_TARGETS.includes(approval.target) && ['SUBMITTED', 'JOB_FAILED', 'JOB_PENDING'].includes(approval.status);
  const affected = useApprovalAffectedBookings(approval.approval_id, relevant);
  if (!relevant) return null;
  if (affected.isPending) return <Loader size="sm" role="status" aria-label={t('affected.loading')} />;
  const bookings = affected.data?.bookings ?? [];
  if (bookings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('affected.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('affected.title', { count: bookings.length })}>
        {t('affected.message')}
      </Alert>
      <AffectedBookingsTable bookings={bookings} label={t('affected.title', { count: bookings.length })} />
    </Stack>
  );
}
