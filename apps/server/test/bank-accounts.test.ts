import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createTestApp, errorOf, injector, signInRoles, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let staff: Headers;
let station: Headers;
let agent: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ staff, station, agent } = await signInRoles(ctx, 'agent-special@example.com'));
});
afterAll(() => ctx.close());

const BASE = '/v1/master-data/bank-accounts';
const call = injector(() => ctx, () => staff);

function account(overrides: Record<string, unknown> = {}) {
  return {
    company_name: '嵯峨野観光鉄道株式会社',
    bank_name: '京都中央信用金庫',
    branch_name: '嵯峨支店',
    branch_code: '321',
    account_code: '0012345',
    account_name: 'ｻｶﾞﾉｶﾝｺｳﾃﾂﾄﾞｳ(ｶ',
    account_type: 'saving',
    ...overrides,
  };
}

async function rows() {
  return (await ctx.database.db.select({ n: count() }).from(t.bankAccounts))[0]!.n;
}

async function transferAccountIds() {
  return (await ctx.database.db.select({ id: t.bankAccounts.id }).from(t.bankAccounts).where(eq(t.bankAccounts.isTransferAccount, true))).map((r) => r.id);
}

async function logged(operation: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.operationLogs).where(and(eq(t.operationLogs.operation, operation), eq(t.operationLogs.isError, false)));
  return row!.n;
}

describe('bank accounts', () => {
  it('lists the demo accounts, one of them the transfer account', async () => {
    const res = await call('GET', BASE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, per_page: 20 });
    const accounts = res.json().bank_accounts as { is_transfer_account: boolean; branch_name: string }[];
    expect(accounts.map((a) => [a.branch_name, a.is_transfer_account])).toEqual([
      ['嵐山支店', true],
      ['亀岡支店', false],
    ]);
  });

  it('adds an account, reads it by id, changes it, and logs both writes', async () => {
    const created = await call('POST', BASE, account({ branch_code: '０４５' }));
    expect(created.statusCode, created.body).toBe(200);
    // Full-width digits are taken as typed on a Japanese keyboard.
    expect(created.json()).toMatchObject({ ...account({ branch_code: '045' }), is_transfer_account: false });
    const id = created.json().id as number;
    expect((await call('GET', `${BASE}/${id}`)).json()).toMatchObject({ id, bank_name: '京都中央信用金庫', account_type: 'saving' });

    const changed = await call('PUT', `${BASE}/${id}`, account({ branch_name: '太秦支店', branch_code: '046', account_type: 'checking', account_name: 'サガノ　ジムショ' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', `${BASE}/${id}`)).json()).toMatchObject({ branch_name: '太秦支店', branch_code: '046', account_type: 'checking', account_name: 'サガノ　ジムショ', is_transfer_account: false });
    expect(await logged('bank_accounts.create')).toBe(1);
    expect(await logged('bank_accounts.update')).toBe(1);
    expect((await call('GET', `${BASE}/999999`)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999`, account())).statusCode).toBe(404);
  });

  it('pages the list: total, page and per_page with the rows of that page', async () => {
    for (const code of ['0000101', '0000102', '0000103']) expect((await call('POST', BASE, account({ account_code: code }))).statusCode).toBe(200);
    const total = await rows();
    const first = (await call('GET', `${BASE}?page=1&per_page=2`)).json();
    const second = (await call('GET', `${BASE}?page=2&per_page=2`)).json();
    const last = (await call('GET', `${BASE}?page=${Math.ceil(total / 2)}&per_page=2`)).json();
    expect(first).toMatchObject({ total, page: 1, per_page: 2 });
    expect(first.bank_accounts).toHaveLength(2);
    expect(second).toMatchObject({ total, page: 2, per_page: 2 });
    const ids = [...first.bank_accounts, ...second.bank_accounts].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(4);
    expect(last.bank_accounts).toHaveLength(total % 2 === 0 ? 2 : 1);
    expect((await call('GET', `${BASE}?per_page=101`)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}?page=0`)).statusCode).toBe(400);
  });

  it('refuses bad codes and names, naming the field, and writes nothing', async () => {
    const before = await rows();
    const [existing] = (await call('GET', `${BASE}?per_page=1`)).json().bank_accounts;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ branch_code: '12' }, 'branch_code', 'enter the 3-digit branch code'],
      [{ branch_code: '1234' }, 'branch_code', 'enter the 3-digit branch code'],
      [{ account_code: '123456' }, 'account_code', 'enter the 7-digit account number'],
      [{ account_code: '12345a7' }, 'account_code', 'enter the 7-digit account number'],
      [{ account_name: '嵯峨野観光鉄道' }, 'account_name', 'enter the account holder in kana'],
      [{ account_name: 'さがの' }, 'account_name', 'enter the account holder in kana'],
      [{ company_name: ' ' }, 'company_name', 'a company name is required'],
      [{ bank_name: undefined }, 'bank_name', 'a bank name is required'],
      [{ account_type: 'current' }, 'account_type', 'choose the account type'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('POST', BASE, account(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ error_code: 'VALIDATION_FAILED', field, error_description: `${field}: ${message}` });
      const put = await call('PUT', `${BASE}/${existing.id}`, account(overrides));
      expect(put.statusCode, field).toBe(400);
      expect(errorOf(put).field, field).toBe(field);
    }
    expect(await rows()).toBe(before);
    expect((await call('GET', `${BASE}/${existing.id}`)).json()).toEqual(existing);
  });

  it('keeps one transfer account: marking another un-marks the previous one', async () => {
    const [demo] = await transferAccountIds();
    const marked = await call('POST', BASE, account({ account_code: '0000201', is_transfer_account: true }));
    expect(marked.statusCode, marked.body).toBe(200);
    const newId = marked.json().id as number;
    expect(await transferAccountIds()).toEqual([newId]);
    expect((await call('GET', `${BASE}/${demo}`)).json().is_transfer_account).toBe(false);

    // Marking the demo account again, by a PUT, takes the mark back.
    const demoAccount = (await call('GET', `${BASE}/${demo}`)).json();
    const { id: _id, updated_at: _at, ...body } = demoAccount;
    const back = await call('PUT', `${BASE}/${demo}`, { ...body, is_transfer_account: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(await transferAccountIds()).toEqual([demo]);
    // Saving the transfer account unchanged keeps it; un-marking it leaves none.
    expect((await call('PUT', `${BASE}/${demo}`, { ...body, is_transfer_account: true })).statusCode).toBe(200);
    expect(await transferAccountIds()).toEqual([demo]);
    expect((await call('PUT', `${BASE}/${demo}`, { ...body, is_transfer_account: false })).statusCode).toBe(200);
    expect(await transferAccountIds()).toEqual([]);
    expect((await call('PUT', `${BASE}/${demo}`, { ...body, is_transfer_account: true })).statusCode).toBe(200);
  });

  it('two accounts marked at once: one keeps the mark, never two', async () => {
    const results = await Promise.all(['0000301', '0000302', '0000303'].map((code) => call('POST', BASE, account({ account_code: code, is_transfer_account: true }))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = await transferAccountIds();
    expect(ids).toHaveLength(1);
    expect(results.map((r) => r.json().id)).toContain(ids[0]);
  });

  it('is the back office\'s: station staff and agents see nothing, only the back office writes', async () => {
    const before = await rows();
    const [first] = (await call('GET', `${BASE}?per_page=1`)).json().bank_accounts;
    expect((await call('GET', BASE, undefined, station)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${first.id}`, undefined, station)).statusCode).toBe(403);
    expect((await call('POST', BASE, account(), station)).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${first.id}`, account(), station)).statusCode).toBe(403);
    expect((await call('GET', BASE, undefined, agent)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${first.id}`, undefined, agent)).statusCode).toBe(403);
    expect((await call('POST', BASE, account(), agent)).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${first.id}`, account(), agent)).statusCode).toBe(403);
    expect(await rows()).toBe(before);
    expect((await call('GET', `${BASE}/${first.id}`)).json()).toEqual(first);
  });
});
