import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The two screens of 送信メール: the sent mails and the mail templates. */
export function MailsNav({ current }: { current: 'outbox' | 'templates' }) {
  const { t } = useTranslation('mails');
  const navigate = useNavigate();
  return (
    <Tabs value={current} onChange={(value) => void navigate(value === 'templates' ? '/mails/templates' : '/mails')} mb="md">
      <Tabs.List aria-label={t('nav.label')}>
        <Tabs.Tab value="outbox">{t('nav.outbox')}</Tabs.Tab>
        <Tabs.Tab value="templates">{t('nav.templates')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
