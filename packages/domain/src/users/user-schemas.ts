import { z } from 'zod';
import { USER_GROUPS, USER_TYPES } from '../auth/roles.ts';
import { PagingQuery, pageEnvelope } from '../common/paging.ts';
import { UI_LANGUAGES } from '../common/language.ts';
import { MAX_PERSON_NAME } from '../common/text-limits.ts';

const Tel = z.string().trim().max(30).regex(/^[0-9+\-() ]*$/, 'enter a valid phone number');

export const UserResponse = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  tel: z.string(),
  language_code: z.enum(UI_LANGUAGES),
  user_group: z.enum(USER_GROUPS),
  user_type: z.enum(USER_TYPES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;

export const CreateUserBody = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1, 'enter a name').max(MAX_PERSON_NAME),
  tel: Tel.default(''),
  language_code: z.enum(UI_LANGUAGES).default('ja'),
  user_group: z.enum(USER_GROUPS),
  user_type: z.enum(USER_TYPES),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = CreateUserBody.extend({ uid: z.uuid() });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const UserListQuery = PagingQuery.extend({
  query: z.string().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserListResponse = pageEnvelope('users', UserResponse);
export type UserListResponse = { total: number; page: number; per_page: number; users: UserResponse[] };

export const UidParams = z.object({ uid: z.uuid() });

export const SendUserPasswordResetBody = z.object({ uid: z.uuid() });
