import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Showing 1–20 of 53" (or "of more than 10,000") and page buttons under a paged table. */
export function ListPagination({
  total,
  page,
  perPage,
  onChange,
  capped = false,
}: {
  total: number;
  /** The server counted only up to `total`: more rows match (narrow the filters to see them all). */
  capped?: boolean;
  page: number;
  perPage: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const controlLabels = { first: t('paging.first'), previous: t('paging.previous'), next: t('paging.next'), last: t('paging.last') };
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(capped ? 'paging.summaryCapped' : 'paging.summary', { total, from, to })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('paging.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            withEdges
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            getItemProps={(item) => ({ 'aria-current': item === page ? 'page' : undefined })}
          />
        </nav>
      )}
    </Group>
  );
}
