import type { ReactNode } from 'react';
import { Center, DataList, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A wide read-only modal for one record (a sent mail, a log entry): a spinner until `loading` is over. */
export function DetailModal({ opened, onClose, title, loading, children }: { opened: boolean; onClose: () => void; title: string; loading: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {loading ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('status.loading')} />
        </Center>
      ) : (
        children
      )}
    </Modal>
  );
}

/** One labelled value of a DataList. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
