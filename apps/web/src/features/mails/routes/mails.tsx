import { useState } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { OUTBOX_STATUSES, type OutboxStatus } from '@sagano/domain/mail/outbox-schemas';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOutboxMails } from '../api/get-outbox-mails.ts';
import { OutboxMailFilters, type OutboxMailFilterValues } from '../components/outbox-mail-filters.tsx';
import { OutboxMailModal } from '../components/outbox-mail-modal.tsx';
import { OutboxMailTable } from '../components/outbox-mail-table.tsx';
import { MailsNav } from '../components/mails-nav.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

function isOutboxStatus(value: string | null): value is OutboxStatus {
  return value !== null && (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** /mails: the outbox, for back-office admins (spec addition: see what the system mailed). */
export function Component() {
  const { t } = useTranslation('mails');
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = isOutboxStatus(statusParam) ? statusParam : undefined;
  const toAddress = searchParams.get('to_address') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [openId, setOpenId] = useState<string | null>(null);

  const mails = useOutboxMails({ status, to_address: toAddress || undefined, page, per_page: DEFAULT_PER_PAGE });

  const search = (values: OutboxMailFilterValues) => {
    const params = new URLSearchParams();
    if (values.status) params.set('status', values.status);
    if (values.toAddress) params.set('to_address', values.toAddress);
    setSearchParams(params);
  };
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <MailsNav current="outbox" />
      <OutboxMailFilters key={`${status ?? ''}|${toAddress}`} initial={{ status: status ?? '', toAddress }} onSearch={search} />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={mails.isFetching && !mails.data} />
        <PendingFrame pending={mails.isPlaceholderData}>
          <OutboxMailTable mails={mails.data?.mails ?? []} onOpen={setOpenId} />
          {mails.data && (
            <ListPagination total={mails.data.total} page={mails.data.page} perPage={mails.data.per_page} onChange={goTo} />
          )}
        </PendingFrame>
      </Paper>
      <OutboxMailModal id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
