import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserBody,
  SendUserPasswordResetBody,
  UidParams,
  UpdateUserBody,
  UserListQuery,
  UserListResponse,
  UserResponse,
} from '@sagano/domain/users/user-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findUser, listUsers } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

const Ok = z.object({ ok: z.literal(true) });

export function usersRoutes(app: FastifyInstance, deps: { db: Db; users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, users } = deps;
  const config = { access: 'admin' as const, category: 'users' as const };

  r.get('/v1/users', { schema: { tags: ['users'], querystring: UserListQuery, response: { 200: UserListResponse } }, config }, async (request) => {
    const { total, rows } = await listUsers(db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, users: rows };
  });

  r.get('/v1/users/:uid', { schema: { tags: ['users'], params: UidParams, response: { 200: UserResponse } }, config }, async (request) => {
    const user = await findUser(db, request.params.uid);
    if (!user) throw notFound('user');
    return user;
  });

  r.post('/v1/users', { schema: { tags: ['users'], body: CreateUserBody, response: { 200: UserResponse } }, config: { ...config, operation: 'users.create' } }, (request) =>
    request.mutate((work) => users.create(work, request.body)),
  );

  r.put('/v1/users', { schema: { tags: ['users'], body: UpdateUserBody, response: { 200: UserResponse } }, config: { ...config, operation: 'users.update' } }, (request) =>
    request.mutate((work) => users.update(work, request.body)),
  );

  r.delete('/v1/users/:uid', { schema: { tags: ['users'], params: UidParams, response: { 200: Ok } }, config: { ...config, operation: 'users.delete' } }, async (request) => {
    await request.mutate((work) => users.remove(work, request.principal!, request.params.uid));
    return { ok: true as const };
  });

  r.post(
    '/v1/users/send_password_reset_email',
    { schema: { tags: ['users'], body: SendUserPasswordResetBody, response: { 200: Ok } }, config: { ...config, operation: 'users.send_password_reset_email' } },
    async (request) => {
      await request.mutate((work) => users.sendPasswordReset(work, request.body.uid));
      return { ok: true as const };
    },
  );
}
