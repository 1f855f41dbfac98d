import { useTranslation } from 'react-i18next';

/**
 * A mail kind's name (mails.json "kinds"; a dot in the kind nests, booking.ok → kinds.booking.ok).
 * A kind without a name yet reads as "other mail", never as its code (mail-kind-labels.test.ts
 * keeps every kind of MAIL_KINDS named).
 */
export function useMailKindLabel(): (kind: string) => string {
  const { t, i18n } = useTranslation('mails');
  return (kind) => {
    const key = `kinds.${kind}`;
    return i18n.exists(key, { ns: 'mails' }) ? t(key as 'kinds.booking.ok') : t('kindOther');
  };
}
