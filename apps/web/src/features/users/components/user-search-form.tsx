import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The search box over the user list. Mount it keyed by the applied query so it follows the address. */
export function UserSearchForm({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation(['users', 'common']);
  const [draft, setDraft] = useState(initial);
  return (
    <form
      role="search"
      aria-label={t('searchForm')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Group gap="xs" align="flex-end" mb="sm">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: '100%', sm: 360 }}
          type="search"
        />
        <Button type="submit" variant="light">
          {t('common:actions.search')}
        </Button>
      </Group>
    </form>
  );
}
