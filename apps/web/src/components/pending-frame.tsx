import { Box, Progress } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Results as they were, dimmed under a running bar and marked busy, while those asked for load (a
 * page, a sort, a filter, another month): never read as the new search's. A list's queries keep
 * the previous results meanwhile (TanStack Query's keepPreviousData), so the screen keeps its
 * height and place; `pending` is then the query's isPlaceholderData.
 */
export function PendingFrame({ pending, children }: { pending: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box pos="relative" aria-busy={pending} data-pending={pending || undefined} data-testid="list-frame">
      {pending && (
        // An indeterminate bar: a progressbar without a value.
        <Progress.Root size="xs" radius={0} pos="absolute" top={0} left={0} right={0} style={{ zIndex: 1 }} role="progressbar" aria-label={t('status.loading')}>
          <Progress.Section value={100} animated withAria={false} />
        </Progress.Root>
      )}
      <Box style={{ opacity: pending ? 0.5 : 1, transition: 'opacity 150ms' }}>{children}</Box>
    </Box>
  );
}
