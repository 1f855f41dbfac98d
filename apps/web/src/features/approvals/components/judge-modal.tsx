import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_APPROVAL_REASON, type ApprovalResponse } from '@sagano/domain/approvals/approval-schemas';
import { counted } from '../../../components/length-counter.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { CALENDAR_TARGETS } from '../api/get-approval-affected-bookings.ts';
import { useJudgeApproval } from '../api/judge-approval.ts';
import { ApprovalAffectedBookings } from './approval-affected-bookings.tsx';
import { ApprovalSummary } from './approval-summary.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

/** Approve (reason optional) or reject (reason required) one request. */
export function JudgeModal({ approval, decision, onClose }: { approval: ApprovalResponse; decision: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation(['approvals', 'common']);
  const judge = useJudgeApproval();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = decision === 'approve' ? t('approveTitle') : t('rejectTitle');
  return (
    <Modal opened onClose={onClose} title={title} size={decision === 'approve' && CALENDAR_TARGETS.includes(approval.target) ? 960 : 'md'} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          if (decision === 'reject' && !reason.trim()) return setError(validationMessage.required(t('reason')));
          judge.mutate(
            { id: approval.approval_id, decision, reason: reason.trim() },
            { onSuccess: () => { notifySuccess(decision === 'approve' ? t('approved') : t('rejected')); onClose(); }, onError: (err) => notifyApiError(err) },
          );
        }}
      >
        <Stack gap="sm">
          <ApprovalSummary approval={approval} />
          {decision === 'approve' && <ApprovalAffectedBookings approval={approval} />}
          <Textarea label={decision === 'approve' ? t('reasonOptional') : t('reason')} required={decision === 'reject'} value={reason} error={error} onChange={(e) => setReason(e.currentTarget.value)} {...counted(reason, MAX_APPROVAL_REASON)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="submit" color={decision === 'approve' ? 'teal' : 'red'} loading={judge.isPending}>{decision === 'approve' ? t('approve') : t('reject')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
