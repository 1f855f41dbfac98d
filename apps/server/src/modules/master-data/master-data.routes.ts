import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GroupScheduleBody,
  GroupScheduleChange,
  GroupScheduleListResponse,
  GroupScheduleParams,
  GroupScheduleResponse,
} from '@sagano/domain/master-data/group-schedule-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findGroupSchedule, listGroupSchedules } from './group-schedules.repository.ts';
import { changeGroupSchedule, createGroupSchedule } from './group-schedules.service.ts';

/**
 * Master data under /v1/master-data (spec 001 §7.4): group schedules. Operators read them;
 * writes are back-office only (no `access`), each in the operation log.
 */
export function masterDataRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['master-data'];
  const config = { category: 'master_data' as const };
  const operator = { ...config, access: 'operator' as const };
  const base = '/v1/master-data/group-schedules';

  r.get(base, { schema: { tags, response: { 200: GroupScheduleListResponse } }, config: operator }, async () => ({ group_schedules: await listGroupSchedules(db) }));

  r.get(`${base}/:applied_from_service_date`, { schema: { tags, params: GroupScheduleParams, response: { 200: GroupScheduleResponse } }, config: operator }, async (request) => {
    const schedule = await findGroupSchedule(db, request.params.applied_from_service_date);
    if (!schedule) throw notFound('group schedule');
    return schedule;
  });

  r.post(base, { schema: { tags, body: GroupScheduleBody, response: { 200: GroupScheduleResponse } }, config: { ...config, operation: 'group_schedules.create' } }, (request) =>
    request.mutate((work) => createGroupSchedule(work, request.body)),
  );

  r.put(
    `${base}/:applied_from_service_date`,
    { schema: { tags, params: GroupScheduleParams, body: GroupScheduleChange, response: { 200: GroupScheduleResponse } }, config: { ...config, operation: 'group_schedules.update' } },
    (request) => request.mutate((work) => changeGroupSchedule(work, request.params.applied_from_service_date, request.body)),
  );
}
