/** The contract of the agents calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const agentsContract: AreaContract[] = [defineArea('agents', 'Travel agents, their branches (agent groups) and their staff accounts, kept by the operator\'s back office; an agent\'s administrators keep their own branches and staff.', {
  'GET /v1/agents': { id: 'agents.list', summary: 'List agents', description: 'Agents by name, type or code, a page at a time.' },
  'POST /v1/agents': { id: 'agents.create', summary: 'Register an agent', description: 'Registers a travel agent with its root branch.' },
  'GET /v1/agents/{id}': { id: 'agents.get', summary: 'Read an agent', description: 'The agent with its branches and contract terms.' },
  'PUT /v1/agents/{id}': { id: 'agents.update', summary: 'Change an agent' },
  'DELETE /v1/agents/{id}': { id: 'agents.delete', summary: 'Delete an agent', description: 'Only an agent without bookings may be deleted; one with live bookings may not be closed.', errors: ['AGENT_HAS_LIVE_BOOKINGS', 'AGENT_HAS_BOOKINGS'] },
  'PUT /v1/agents/{id}/two_factor': { id: 'agents.setTwoFactor', summary: 'Require two-factor sign-in', description: 'Turns the agent\'s requirement of two-factor sign-in for its staff on or off.' },
  'GET /v1/csv/agents': { id: 'agents.exportCsv', summary: 'Export agents as CSV', description: 'The agent list as a CSV file for Excel (UTF-8 with a byte-order mark), base64; text cells Excel would run as a formula start with \'.' },
  'POST /v1/agent_groups': { id: 'agents.createGroup', summary: 'Add a branch', description: 'Adds a branch (agent group) under an agent. 404 when the agent (`agent_id`) is not one the caller may see.', errors: ['NOT_FOUND'] },
  'GET /v1/agent_groups/{id}': { id: 'agents.getGroup', summary: 'Read a branch' },
  'PUT /v1/agent_groups/{id}': { id: 'agents.updateGroup', summary: 'Change a branch' },
  'DELETE /v1/agent_groups/{id}': { id: 'agents.deleteGroup', summary: 'Delete a branch', description: 'The root branch and branches with bookings may not be deleted.', errors: ['ROOT_GROUP_NOT_DELETABLE', 'AGENT_GROUP_HAS_LIVE_BOOKINGS', 'AGENT_GROUP_HAS_BOOKINGS'] },
  'GET /v1/agent_staffs': { id: 'agents.listStaff', summary: 'List agent staff', description: 'An agent\'s staff accounts, by branch. 404 when the agent or branch asked for is not one the caller may see.', errors: ['NOT_FOUND'] },
  'POST /v1/agent_staffs': { id: 'agents.createStaff', summary: 'Add an agent staff account', description: 'Creates the account and mails its first-password link. 404 naming `group_id` when the branch is not one the caller may see.', errors: ['EMAIL_ALREADY_REGISTERED', 'NOT_FOUND'] },
  'PUT /v1/agent_staffs/{id}': { id: 'agents.updateStaff', summary: 'Change an agent staff account', errors: ['EMAIL_ALREADY_REGISTERED', 'LAST_GROUP_ADMIN'] },
  'DELETE /v1/agent_staffs/{id}': { id: 'agents.deleteStaff', summary: 'Delete an agent staff account', errors: ['CANNOT_DELETE_SELF', 'LAST_GROUP_ADMIN'] },
  'POST /v1/agent_staffs/{id}/send_password_reset_email': { id: 'agents.sendStaffPasswordReset', summary: 'Mail a password reset link to agent staff' },
  'POST /v1/agent_staffs/{id}/unenroll_totp': { id: 'agents.unenrollStaffTotp', summary: 'Remove a staff member\'s two-factor device', description: 'For a lost device: the staff member sets two-factor sign-in up again at the next sign-in.' },
})];
