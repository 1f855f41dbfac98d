import type { CreateUserBody, UpdateUserBody, UserResponse } from '@sagano/domain/users/user-schemas';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { emailTaken, findAccountById, type AuthService, type Principal, deleteSessionsOf } from '../auth/index.ts';
import { deleteUser, findUser, insertUser, otherAdminCount, updateUser } from './users.repository.ts';

const isAdmin = (u: { user_group: string; user_type: string }) => u.user_group === 'BACK_OFFICE' && u.user_type === 'ADMIN';

async function requireEmailFree(work: Work, email: string, exceptUid?: string) {
  if (await emailTaken(work.tx, email, exceptUid)) {
    throw new AppError('EMAIL_ALREADY_REGISTERED', 'email: the email address is already registered', 'email');
  }
}

async function keepOneAdmin(work: Work, uid: string) {
  if ((await otherAdminCount(work.tx, uid)) === 0) {
    throw new AppError('CONFLICT', 'at least one back-office administrator must remain');
  }
}

async function existing(work: Work, uid: string): Promise<UserResponse> {
  const user = await findUser(work.tx, uid);
  if (!user) throw notFound('user');
  return user;
}

/** Operator users (back office, station, train crew), managed by back-office admins. */
export function createUsersService({ auth }: { auth: AuthService }) {
  return {
    /** Creates the user and mails an invitation to set a password. */
    async create(work: Work, input: CreateUserBody): Promise<UserResponse> {
      await requireEmailFree(work, input.email);
      const uid = await insertUser(work.tx, input);
      const account = await findAccountById(work.tx, uid);
      if (input.user_group !== 'TRAIN') await auth.issueResetLink(work, account!, 'INVITE');
      return existing(work, uid);
    },

    async update(work: Work, input: UpdateUserBody): Promise<UserResponse> {
      const before = await existing(work, input.uid);
      await requireEmailFree(work, input.email, input.uid);
      if (isAdmin(before) && !isAdmin(input)) await keepOneAdmin(work, input.uid);
      await updateUser(work.tx, input.uid, input);
      // A user moved to a group that may not log in (TRAIN) is signed out everywhere.
      if (input.user_group === 'TRAIN' || input.email.toLowerCase() !== before.email.toLowerCase()) {
        await deleteSessionsOf(work.tx, input.uid);
      }
      return existing(work, input.uid);
    },

    async remove(work: Work, principal: Principal, uid: string): Promise<void> {
      if (uid === principal.accountId) throw new AppError('CANNOT_DELETE_SELF', 'you cannot delete your own account');
      const user = await existing(work, uid);
      if (isAdmin(user)) await keepOneAdmin(work, uid);
      await deleteUser(work.tx, uid);
    },

    async sendPasswordReset(work: Work, uid: string): Promise<void> {
      const user = await existing(work, uid);
      if (user.user_group === 'TRAIN') throw new AppError('CONFLICT', `${user.email} cannot log in`);
      const account = await findAccountById(work.tx, uid);
      await auth.issueResetLink(work, account!, 'RESET');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
