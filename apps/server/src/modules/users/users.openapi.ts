/** The contract of the users calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const usersContract: AreaContract[] = [defineArea('users', 'The operator\'s user accounts.', {
  'GET /v1/users': { id: 'users.list', summary: 'List users' },
  'POST /v1/users': { id: 'users.create', summary: 'Add a user', description: 'Creates the account and mails its first-password link.', errors: ['EMAIL_ALREADY_REGISTERED'] },
  'PUT /v1/users': { id: 'users.update', summary: 'Change a user', errors: ['EMAIL_ALREADY_REGISTERED'] },
  'GET /v1/users/{uid}': { id: 'users.get', summary: 'Read a user' },
  'DELETE /v1/users/{uid}': { id: 'users.delete', summary: 'Delete a user', errors: ['CANNOT_DELETE_SELF'] },
  'POST /v1/users/send_password_reset_email': { id: 'users.sendPasswordReset', summary: 'Mail a password reset link to a user' },
})];
