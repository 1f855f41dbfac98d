/**
 * The language a mail is written in: the recipient's own setting when the address belongs to an
 * agent staff member or operator user (their language_code), Japanese otherwise (the applicant of
 * a booking is often not a user of the product).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export type MailLanguage = 'ja' | 'en';

export async function recipientLanguage(executor: Executor, email: string): Promise<MailLanguage> {
  const [row] = rowsOf<{ language_code: string }>(
    await executor.execute(sql`
      select coalesce(s.language_code, u.language_code) as language_code
      from accounts a
      left join agent_staffs s on s.account_id = a.id
      left join operator_users u on u.account_id = a.id
      where lower(a.email) = lower(${email})
      limit 1`),
  );
  return row?.language_code === 'en' ? 'en' : 'ja';
}
