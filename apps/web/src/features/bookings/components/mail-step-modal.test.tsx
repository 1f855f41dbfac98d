import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { fieldLabelled, renderScreen, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor } from '../../../test/screen.ts';
import { MailStepModal } from './mail-step-modal.tsx';

const TEMPLATE = { to_address: 'desk@example.com', subject: 'ご予約確定のお知らせ', body: 'ご予約が確定しました。' };

function render() {
  const calls = stubApi(() => json(200, TEMPLATE));
  renderScreen(<MailStepModal bookingId="12345678" template="booking_ok" opened sending={false} onClose={() => {}} onSend={() => {}} />);
  return calls;
}

/** The field labelled `label` once it holds `value` (the template has arrived), else nothing yet. */
function filled(label: string, value: string) {
  try {
    const input = fieldLabelled(label) as HTMLInputElement | HTMLTextAreaElement;
    return input.value === value && input;
  } catch {
    return false;
  }
}

/** The send button of the modal (its label in the current language). */
const sendButton = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) as HTMLButtonElement | undefined;

describe('the mail of a booking step', () => {
  useScreenTests();

  it('names the subject and the body when they are emptied (please enter {name}), in Japanese', async () => {
    const calls = render();
    const subject = await waitFor(() => filled('件名', TEMPLATE.subject));
    expect(calls[0]!.url).toBe('/v1/bookings/12345678/mail_templates/booking_ok');
    expect(pageText()).not.toContain('を入力してください');
    typeInto(subject, '  ');
    typeInto(fieldLabelled('本文') as unknown as HTMLTextAreaElement, '');
    await waitFor(() => pageText().includes('件名を入力してください。') && pageText().includes('本文を入力してください。'));
    expect(sendButton('送信して確定')?.disabled).toBe(true);
  });

  it('in English', async () => {
    await changeLanguage('en');
    render();
    const body = await waitFor(() => filled('Body', TEMPLATE.body));
    typeInto(body, '');
    await waitFor(() => pageText().includes('Please enter body.'));
    expect(pageText()).not.toContain('Please enter subject.');
    expect(sendButton('Send and confirm')?.disabled).toBe(true);
  });
});
