/** The mail module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { smtpSender, type MailSender } from './mail-sender.ts';
export { passwordResetMail } from './mail-templates.ts';
export { deliverMailJob, sweepMailJob } from './mail.jobs.ts';
export { mailContract } from './mail.openapi.ts';
export { outboxRoutes } from './outbox.routes.ts';
export { enqueueMail } from './outbox.ts';
export { recipientLanguage, type MailLanguage } from './recipient-language.repository.ts';
