import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES } from '@sagano/domain/mail/outbox-schemas';

export type OutboxMailFilterValues = { status: string; toAddress: string };

/** Status and recipient filters. Mount it keyed by the applied filters so it follows the address. */
export function OutboxMailFilters({
  initial,
  onSearch,
}: {
  initial: OutboxMailFilterValues;
  onSearch: (values: OutboxMailFilterValues) => void;
}) {
  const { t } = useTranslation(['mails', 'common']);
  const [draft, setDraft] = useState(initial);
  return (
    <Paper withBorder p="md" mb="md">
      <form
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch({ status: draft.status, toAddress: draft.toAddress.trim() });
        }}
      >
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
  );
}
