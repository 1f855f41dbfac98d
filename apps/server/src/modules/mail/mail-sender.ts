/** The mail sender port: SMTP through nodemailer (tests use an in-process SMTP receiver). */
import nodemailer from 'nodemailer';

export interface MailSender {
  send(mail: { from: string; to: string; subject: string; text: string; attachments?: { filename: string; contentType: string; content: Buffer }[] }): Promise<void>;
  close(): void;
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
