import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GroupScheduleBody,
  GroupScheduleChange,
  GroupScheduleListResponse,
  AppliedFromServiceDateParams,
  GroupScheduleResponse,
} from '@sagano/domain/master-data/group-schedule-schemas';
import {
  SpecialContractTermBody,
  SpecialContractTermChange,
  SpecialContractTermListResponse,
  SpecialContractTermResponse,
} from '@sagano/domain/master-data/special-contract-term-schemas';
import { OperatorBasicInfoBody, OperatorBasicInfoResponse } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { BankAccountBody, BankAccountIdParams, BankAccountListQuery, BankAccountListResponse, BankAccountResponse } from '@sagano/domain/master-data/bank-account-schemas';
import { CancellationPolicyBody, CancellationPolicyResponse } from '@sagano/domain/master-data/cancellation-policy-schemas';
import { CreateUnitBody } from '@sagano/domain/master-data/unit-schemas';
import { Unit } from '@sagano/domain/reference/reference-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findGroupSchedule, listGroupSchedules } from './group-schedules.repository.ts';
import { operatorImageRoutes } from './operator-basic-info.routes.ts';
import { readOperatorBasicInfo, updateOperatorBasicInfo } from './operator-basic-info.repository.ts';
import { findSpecialContractTerm, listSpecialContractTerms } from './special-contract-terms.repository.ts';
import { findBankAccount, listBankAccounts } from './bank-accounts.repository.ts';
import { readCurrentCancellationPolicy, replaceCancellationPolicy } from './cancellation-policy.repository.ts';
import type { MasterDataService } from './master-data.service.ts';

const Ok = z.object({ ok: z.literal(true) });

/**
 * Master data under /v1/master-data (spec 001 §7.4): the operator's basic info (one record),
 * group schedules and special contract terms (each named by the first service date of its period). The back office reads them (station
 * staff, who only see bookings, do not); writes are back-office only (no `access`), each in the operation log. DELETE of a special contract term
 * is this product's addition: the screen deletes terms, the specification's table lists no call.
 * Bank accounts (paged like the other lists), the cancellation policy (read and replaced whole;
 * our addition, spec 001 §9.7 names it master data) and POST /v1/units (§7.4) are here too.
 */
export function masterDataRoutes(app: FastifyInstance, deps: { db: Db; masterData: MasterDataService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, masterData } = deps;
  const tags = ['master-data'];
  const config = { category: 'master_data' as const };
  const reads = { ...config, access: 'backOffice' as const };
  const base = '/v1/master-data/group-schedules';

  r.get(base, { schema: { tags, response: { 200: GroupScheduleListResponse } }, config: reads }, async () => ({ group_schedules: await listGroupSchedules(db) }));

  r.get(`${base}/:applied_from_service_date`, { schema: { tags, params: AppliedFromServiceDateParams, response: { 200: GroupScheduleResponse } }, config: reads }, async (request) => {
    const schedule = await findGroupSchedule(db, request.params.applied_from_service_date);
    if (!schedule) throw notFound('group schedule');
    return schedule;
  });

  r.post(base, { schema: { tags, body: GroupScheduleBody, response: { 200: GroupScheduleResponse } }, config: { ...config, operation: 'group_schedules.create' } }, (request) =>
    request.mutate((work) => masterData.createGroupSchedule(work, request.body)),
  );

  r.put(
    `${base}/:applied_from_service_date`,
    { schema: { tags, params: AppliedFromServiceDateParams, body: GroupScheduleChange, response: { 200: GroupScheduleResponse } }, config: { ...config, operation: 'group_schedules.update' } },
    (request) => request.mutate((work) => masterData.changeGroupSchedule(work, request.params.applied_from_service_date, request.body)),
  );

  const terms = '/v1/master-data/special-contract-terms';
  r.get(terms, { schema: { tags, response: { 200: SpecialContractTermListResponse } }, config: reads }, async () => ({
    special_contract_terms: await listSpecialContractTerms(db),
  }));

  r.get(`${terms}/:applied_from_service_date`, { schema: { tags, params: AppliedFromServiceDateParams, response: { 200: SpecialContractTermResponse } }, config: reads }, async (request) => {
    const term = await findSpecialContractTerm(db, request.params.applied_from_service_date);
    if (!term) throw notFound('special contract term');
    return term;
  });

  r.post(
    terms,
    { schema: { tags, body: SpecialContractTermBody, response: { 200: SpecialContractTermResponse } }, config: { ...config, operation: 'special_contract_terms.create' } },
    (request) => request.mutate((work) => masterData.createSpecialContractTerm(work, request.body)),
  );

  r.put(
    `${terms}/:applied_from_service_date`,
    {
      schema: { tags, params: AppliedFromServiceDateParams, body: SpecialContractTermChange, response: { 200: SpecialContractTermResponse } },
      config: { ...config, operation: 'special_contract_terms.update' },
    },
    (request) => request.mutate((work) => masterData.changeSpecialContractTerm(work, request.params.applied_from_service_date, request.body)),
  );

  r.delete(
    `${terms}/:applied_from_service_date`,
    { schema: { tags, params: AppliedFromServiceDateParams, response: { 200: Ok } }, config: { ...config, operation: 'special_contract_terms.delete' } },
    async (request) => {
      await request.mutate((work) => masterData.removeSpecialContractTerm(work, request.params.applied_from_service_date));
      return { ok: true as const };
    },
  );

  operatorImageRoutes(app, deps);

  r.get('/v1/master-data/operator-basic-info', { schema: { tags, response: { 200: OperatorBasicInfoResponse } }, config: reads }, () => readOperatorBasicInfo(db));

  r.put(
    '/v1/master-data/operator-basic-info',
    { schema: { tags, body: OperatorBasicInfoBody, response: { 200: OperatorBasicInfoResponse } }, config: { ...config, operation: 'operator_basic_info.update' } },
    (request) =>
      request.mutate(async (work) => {
        await updateOperatorBasicInfo(work.tx, request.body);
        return readOperatorBasicInfo(work.tx);
      }),
  );
  const accounts = '/v1/master-data/bank-accounts';
  r.get(accounts, { schema: { tags, querystring: BankAccountListQuery, response: { 200: BankAccountListResponse } }, config: reads }, async (request) => {
    const { total, rows } = await listBankAccounts(db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, bank_accounts: rows };
  });

  r.get(`${accounts}/:id`, { schema: { tags, params: BankAccountIdParams, response: { 200: BankAccountResponse } }, config: reads }, async (request) => {
    const account = await findBankAccount(db, request.params.id);
    if (!account) throw notFound('bank account');
    return account;
  });

  r.post(accounts, { schema: { tags, body: BankAccountBody, response: { 200: BankAccountResponse } }, config: { ...config, operation: 'bank_accounts.create' } }, (request) =>
    request.mutate((work) => masterData.createBankAccount(work, request.body)),
  );

  r.put(
    `${accounts}/:id`,
    { schema: { tags, params: BankAccountIdParams, body: BankAccountBody, response: { 200: BankAccountResponse } }, config: { ...config, operation: 'bank_accounts.update' } },
    (request) => request.mutate((work) => masterData.changeBankAccount(work, request.params.id, request.body)),
  );

  // The back office and agents read the policy: agents agree to it when they book (station staff do not book).
  const policy = '/v1/master-data/cancellation-policy';
  r.get(policy, { schema: { tags, response: { 200: CancellationPolicyResponse } }, config: { ...config, access: 'backOfficeOrAgent' as const } }, () => readCurrentCancellationPolicy(db));
  // The policy document (spec 001 §7.7 names a link, no address): the operator's published terms,
  // open without a session so the group's page (a token, no account) links it too. No agent data.
  r.get('/v1/cancellation-policy', { schema: { tags, response: { 200: CancellationPolicyResponse } }, config: { ...config, access: 'public' as const } }, () => readCurrentCancellationPolicy(db));

  r.put(policy, { schema: { tags, body: CancellationPolicyBody, response: { 200: CancellationPolicyResponse } }, config: { ...config, operation: 'cancellation_policy.update' } }, (request) =>
    request.mutate(async (work) => {
      await replaceCancellationPolicy(work.tx, request.body.policy);
      return readCurrentCancellationPolicy(work.tx);
    }),
  );

  r.post('/v1/units', { schema: { tags, body: CreateUnitBody, response: { 200: Unit } }, config: { ...config, operation: 'units.create' } }, (request) =>
    request.mutate((work) => masterData.createUnit(work, request.body)),
  );
}
