/**
 * Mail texts in Japanese and English. The recipient's language decides; both languages have
 * the same keys (the type makes a missing one a compile error).
 */
type Lang = 'ja' | 'en';

interface PasswordMailParams {
  name: string;
  link: string;
  purpose: 'RESET' | 'INVITE';
  hours: number;
}

const SIGNATURE: Record<Lang, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

const PASSWORD_MAIL: Record<Lang, Record<'RESET' | 'INVITE', (p: PasswordMailParams) => { subject: string; bodyText: string }>> = {
  ja: {
    RESET: (p) => ({
      subject: '【嵯峨野トロッコ 団体予約】パスワード再設定のご案内',
      bodyText: `${p.name} 様\n\nパスワード再設定のご依頼を受け付けました。\n下記のリンクから${p.hours}時間以内に新しいパスワードを設定してください。\n\n${p.link}\n\nこのリンクは一度だけ使用できます。お心当たりのない場合は、このメールを破棄してください。\n\n${SIGNATURE.ja}`,
    }),
    INVITE: (p) => ({
      subject: '【嵯峨野トロッコ 団体予約】アカウント登録のご案内',
      bodyText: `${p.name} 様\n\n団体予約システムのアカウントが作成されました。\n下記のリンクから${p.hours}時間以内にパスワードを設定し、ご利用を開始してください。\n\n${p.link}\n\nこのリンクは一度だけ使用できます。\n\n${SIGNATURE.ja}`,
    }),
  },
  en: {
    RESET: (p) => ({
      subject: '[Sagano Group Bookings] Reset your password',
      bodyText: `Dear ${p.name},\n\nWe received a request to reset your password.\nSet a new password within ${p.hours} hours using the link below.\n\n${p.link}\n\nThe link works once. If you did not ask for this, ignore this mail.\n\n${SIGNATURE.en}`,
    }),
    INVITE: (p) => ({
      subject: '[Sagano Group Bookings] Your account is ready',
      bodyText: `Dear ${p.name},\n\nAn account has been created for you in the group booking system.\nSet your password within ${p.hours} hours using the link below.\n\n${p.link}\n\nThe link works once.\n\n${SIGNATURE.en}`,
    }),
  },
};

function lang(code: string): Lang {
  return code === 'en' ? 'en' : 'ja';
}

export function passwordResetMail(languageCode: string, params: PasswordMailParams) {
  return PASSWORD_MAIL[lang(languageCode)][params.purpose](params);
}
