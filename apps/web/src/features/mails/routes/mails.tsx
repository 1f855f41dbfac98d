import { useState, type FormEvent } from 'react';
import { Button, Group, LoadingOverlay, NativeSelect, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging';
import { OUTBOX_STATUSES, type OutboxStatus } from '@sagano/domain/mail/outbox-schemas';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOutboxMails } from '../api/get-outbox-mails.ts';
import { OutboxMailModal } from '../components/outbox-mail-modal.tsx';
import { OutboxMailTable } from '../components/outbox-mail-table.tsx';

function isOutboxStatus(value: string | null): value is OutboxStatus {
  return value !== null && (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** /mails: the outbox, for back-office admins (spec addition: see what the system mailed). */
export function Component() {
  const { t } = useTranslation(['mails', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = isOutboxStatus(statusParam) ? statusParam : undefined;
  const toAddress = searchParams.get('to_address') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [draft, setDraft] = useState({ status: status ?? '', toAddress });
  const [openId, setOpenId] = useState<string | null>(null);

  const mails = useOutboxMails({ status, to_address: toAddress || undefined, page, per_page: DEFAULT_PER_PAGE });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (draft.status) params.set('status', draft.status);
    if (draft.toAddress.trim()) params.set('to_address', draft.toAddress.trim());
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
      <Paper withBorder p="md" mb="md">
        <form role="search" aria-label={t('filters.label')} onSubmit={search}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filters.status')}
              w={{ base: '100%', xs: 160 }}
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
              data={[
                { value: '', label: t('filters.allStatuses') },
                ...OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
              ]}
            />
            <TextInput
              label={t('filters.toAddress')}
              placeholder={t('filters.toAddressPlaceholder')}
              w={{ base: '100%', xs: 280 }}
              value={draft.toAddress}
              onChange={(event) => setDraft({ ...draft, toAddress: event.currentTarget.value })}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('common:actions.search')}
            </Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={mails.isFetching && !mails.data} />
        <OutboxMailTable mails={mails.data?.mails ?? []} onOpen={setOpenId} />
        {mails.data && (
          <ListPagination total={mails.data.total} page={mails.data.page} perPage={mails.data.per_page} onChange={goTo} />
        )}
      </Paper>
      <OutboxMailModal id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
