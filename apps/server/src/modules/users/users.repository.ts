import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CreateUserBody, UserListQuery, UserResponse } from '@sagano/domain/users/user-schemas';
import type { UserGroup, UserType } from '@sagano/domain/auth/roles';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { containsPattern, pageOffset } from '../../db/paging.ts';
import { deleteAccount, insertAccount, setAccountEmail } from '../auth/index.ts';

const columns = {
  uid: t.accounts.id,
  email: t.accounts.email,
  createdAt: t.accounts.createdAt,
  updatedAt: t.accounts.updatedAt,
  name: t.operatorUsers.name,
  tel: t.operatorUsers.tel,
  languageCode: t.operatorUsers.languageCode,
  userGroup: t.operatorUsers.userGroup,
  userType: t.operatorUsers.userType,
};

type Row = { uid: string; email: string; createdAt: Date; updatedAt: Date; name: string; tel: string; languageCode: string; userGroup: UserGroup; userType: UserType };

function toResponse(r: Row): UserResponse {
  return {
    uid: r.uid,
    email: r.email,
    name: r.name,
    tel: r.tel,
    language_code: r.languageCode as UserResponse['language_code'],
    user_group: r.userGroup,
    user_type: r.userType,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function base(db: Executor) {
  return db.select(columns).from(t.accounts).innerJoin(t.operatorUsers, eq(t.operatorUsers.accountId, t.accounts.id));
}

export async function listUsers(db: Executor, q: UserListQuery): Promise<{ total: number; rows: UserResponse[] }> {
  const filters: SQL[] = [];
  if (q.query) {
    const like = containsPattern(q.query);
    filters.push(or(ilike(t.accounts.email, like), ilike(t.operatorUsers.name, like))!);
  }
  const where = and(...filters);
  const [total] = await db
    .select({ n: count() })
    .from(t.accounts)
    .innerJoin(t.operatorUsers, eq(t.operatorUsers.accountId, t.accounts.id))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(asc(sql`lower(${t.accounts.email})`), asc(t.accounts.id))
    .limit(q.per_page)
    .offset(pageOffset(q));
  return { total: total?.n ?? 0, rows: rows.map(toResponse) };
}

export async function findUser(db: Executor, uid: string): Promise<UserResponse | undefined> {
  const [row] = await base(db).where(eq(t.accounts.id, uid));
  return row ? toResponse(row) : undefined;
}

export async function insertUser(db: Executor, input: CreateUserBody): Promise<string> {
  const accountId = await insertAccount(db, input.email, 'OPERATOR');
  await db.insert(t.operatorUsers).values({
    accountId,
    name: input.name,
    tel: input.tel,
    languageCode: input.language_code,
    userGroup: input.user_group,
    userType: input.user_type,
  });
  return accountId;
}

export async function updateUser(db: Executor, uid: string, input: CreateUserBody): Promise<void> {
  await setAccountEmail(db, uid, input.email);
  await db
    .update(t.operatorUsers)
    .set({ name: input.name, tel: input.tel, languageCode: input.language_code, userGroup: input.user_group, userType: input.user_type })
    .where(eq(t.operatorUsers.accountId, uid));
}

export async function deleteUser(db: Executor, uid: string): Promise<void> {
  await deleteAccount(db, uid);
}

/** Back-office admins other than `exceptUid`, counted under a lock so two removals cannot race. */
export async function otherAdminCount(db: Executor, exceptUid: string): Promise<number> {
  const rows = await db
    .select({ id: t.operatorUsers.accountId })
    .from(t.operatorUsers)
    .where(and(eq(t.operatorUsers.userGroup, 'BACK_OFFICE'), eq(t.operatorUsers.userType, 'ADMIN')))
    .for('update');
  return rows.filter((r) => r.id !== exceptUid).length;
}
