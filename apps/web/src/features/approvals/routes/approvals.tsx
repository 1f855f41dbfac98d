import { useState } from 'react';
import { Badge, Button, Group, LoadingOverlay, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUSES, type ApprovalResponse, type ApprovalStatus } from '@sagano/domain/approvals/approval-schemas';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useApprovals } from '../api/get-approvals.ts';
import { ApprovalSummary } from '../components/approval-summary.tsx';
import { JudgeModal } from '../components/judge-modal.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

const STATUS_COLOR: Record<ApprovalStatus, string> = { SUBMITTED: 'blue', REJECTED: 'gray', JOB_PENDING: 'yellow', JOB_FAILED: 'red', DONE: 'teal' };

/** /approvals: requests by period with their status; approve or reject with a reason. */
export function Component() {
  const { t } = useTranslation(['approvals', 'common']);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  // The status filter lives in the address, so the dashboard can link to the approvals waiting.
  const [searchParams, setSearchParams] = useSearchParams();
  const status = APPROVAL_STATUSES.find((s) => s === searchParams.get('status'));
  const [judging, setJudging] = useState<{ approval: ApprovalResponse; decision: 'approve' | 'reject' } | null>(null);
  const list = useApprovals({ from_date: from || undefined, to_date: to || undefined, status, page, per_page: DEFAULT_PER_PAGE });

  const action = (a: ApprovalResponse, decision: 'approve' | 'reject') => {
    const allowed = decision === 'approve' ? a.can_approve : a.can_reject;
    const label = decision === 'approve' ? (a.status === 'JOB_FAILED' ? t('retry') : t('approve')) : t('reject');
    const button = (
      <Button size="xs" variant="light" color={decision === 'approve' ? 'teal' : 'red'} disabled={!allowed} onClick={() => setJudging({ approval: a, decision })}>
        {label}
      </Button>
    );
    return a.is_own && (a.status === 'SUBMITTED' || a.status === 'JOB_FAILED') ? <Tooltip label={t('ownHint')}><span>{button}</span></Tooltip> : button;
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Paper withBorder p="md" pos="relative">
        <Group align="flex-end" mb="md">
          <DateField label={t('from')} value={from} onChange={(v) => { setFrom(v); setPage(1); }} />
          <DateField label={t('to')} value={to} onChange={(v) => { setTo(v); setPage(1); }} />
          <Select
            label={t('status')}
            placeholder={t('allStatuses')}
            clearable
            value={status ?? null}
            data={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            onChange={(value) => { setSearchParams(value ? { status: value } : {}); setPage(1); }}
          />
        </Group>
        <LoadingOverlay visible={list.isFetching && !list.data} />
        <PendingFrame pending={list.isPlaceholderData}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('submittedAt')}</Table.Th>
                  <Table.Th>{t('target')}</Table.Th>
                  <Table.Th w={120}>{t('status')}</Table.Th>
                  <Table.Th>{t('submittedBy')}</Table.Th>
                  <Table.Th>{t('judgedBy')}</Table.Th>
                  <Table.Th>{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.approvals.length === 0 && (
                  <Table.Tr><Table.Td colSpan={6}><Text c="dimmed" size="sm">{t('empty')}</Text></Table.Td></Table.Tr>
                )}
                {list.data?.approvals.map((a) => (
                  <Table.Tr key={a.approval_id} data-approval-id={a.approval_id}>
                    <Table.Td>{formatDateTime(a.submitted_at)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm" fw={600}>{t(`targets.${a.target}`)}</Text>
                        <ApprovalSummary approval={a} limit={5} />
                        {a.reason && <Text size="xs" c="dimmed">{t('reason')}: {a.reason}</Text>}
                        {a.job_error && <Text size="xs" c="red.8">{t('jobError')}: {a.job_error}</Text>}
                      </Stack>
                    </Table.Td>
                    <Table.Td><Badge color={STATUS_COLOR[a.status]} variant="light" styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}>{t(`statuses.${a.status}`)}</Badge></Table.Td>
                    <Table.Td>{a.submitted_by.email}</Table.Td>
                    <Table.Td>{a.judged_by ? `${a.judged_by.email} ${formatDateTime(a.judged_at)}` : ''}</Table.Td>
                    <Table.Td><Group gap={4} wrap="nowrap">{action(a, 'approve')}{action(a, 'reject')}</Group></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data && <ListPagination total={list.data.total} page={list.data.page} perPage={list.data.per_page} onChange={setPage} />}
        </PendingFrame>
      </Paper>
      {judging && <JudgeModal key={judging.approval.approval_id} approval={judging.approval} decision={judging.decision} onClose={() => setJudging(null)} />}
    </>
  );
}
