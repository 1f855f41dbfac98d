import { useState } from 'react';
import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import type { UserResponse } from '@sagano/domain/users/user-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useSendUserPasswordReset } from '../api/send-user-password-reset.ts';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { UserSearchForm } from '../components/user-search-form.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

type Dialog = { kind: 'form'; user: UserResponse | null } | { kind: 'delete' | 'reset'; user: UserResponse };

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /users: back-office admins manage operator users. Search and page live in the address. */
export function Component() {
  const { t } = useTranslation(['users', 'common']);
  const me = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('query') ?? '';
  const page = pageOf(searchParams.get('page'));
  // The last dialog stays set while it closes, so its text does not vanish during the transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: Dialog) => {
    setDialog(next);
    setOpened(true);
  };

  const users = useUsers({ query: query || undefined, page, per_page: DEFAULT_PER_PAGE });
  const remove = useDeleteUser();
  const sendReset = useSendUserPasswordReset();

  const search = (next: string) => setSearchParams(next ? { query: next } : {});
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(next));
    setSearchParams(params);
  };
  const close = () => setOpened(false);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open({ kind: 'form', user: null })}>
            {t('add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative">
        <UserSearchForm key={query} initial={query} onSearch={search} />
        <LoadingOverlay visible={users.isFetching && !users.data} />
        <PendingFrame pending={users.isPlaceholderData}>
          <UsersTable
            users={users.data?.users ?? []}
            currentUid={me.uid}
            onEdit={(user) => open({ kind: 'form', user })}
            onDelete={(user) => open({ kind: 'delete', user })}
            onSendReset={(user) => open({ kind: 'reset', user })}
          />
          {users.data && (
            <ListPagination total={users.data.total} page={users.data.page} perPage={users.data.per_page} onChange={goTo} />
          )}
        </PendingFrame>
      </Paper>

      {dialog?.kind === 'form' && opened && (
        <UserFormModal key={dialog.user?.uid ?? 'new'} user={dialog.user} opened onClose={close} />
      )}
      <ConfirmMutation
        target={opened && dialog?.kind === 'delete' ? dialog.user : null}
        title={t('deleteTitle')}
        message={(user) => t('deleteConfirm', { email: user.email })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(user) => user.uid}
        done={t('deleted')}
        onClose={close}
      />
      <ConfirmMutation
        target={opened && dialog?.kind === 'reset' ? dialog.user : null}
        title={t('resetTitle')}
        message={(user) => t('resetConfirm', { email: user.email })}
        confirmLabel={t('common:actions.send')}
        mutation={sendReset}
        variables={(user) => ({ uid: user.uid })}
        done={t('resetSent')}
        onClose={close}
      />
    </>
  );
}
