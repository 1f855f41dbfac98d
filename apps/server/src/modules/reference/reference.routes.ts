import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ArrangementTypesResponse, StationsResponse, TrainsResponse, UnitsResponse } from '@sagano/domain/reference/reference-schemas';
import type { Db } from '../../db/client.ts';
import { listArrangementTypes, listStations, listTrains, listUnits } from './reference.repository.ts';

/** Reference data every screen needs; the customer side reads stations, units and arrangement types too. */
export function referenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  r.get('/v1/stations', { schema: { tags: ['reference'], response: { 200: StationsResponse } }, config: { access: 'public' } }, () => listStations(db));
  r.get('/v1/units', { schema: { tags: ['reference'], response: { 200: UnitsResponse } }, config: { access: 'public' } }, async () => ({ units: await listUnits(db) }));
  r.get('/v1/trains', { schema: { tags: ['reference'], response: { 200: TrainsResponse } }, config: { access: 'authenticated' } }, async () => ({ trains: await listTrains(db) }));
  r.get('/v1/arrangements-types', { schema: { tags: ['reference'], response: { 200: ArrangementTypesResponse } }, config: { access: 'authenticated' } }, async () => ({
    arrangement_types: await listArrangementTypes(db),
  }));
  // The customer-side spelling of the same list (spec 001 §7.3).
  r.get('/v1/arrangement-types', { schema: { tags: ['reference'], response: { 200: ArrangementTypesResponse } }, config: { access: 'public' } }, async () => ({
    arrangement_types: await listArrangementTypes(db),
  }));
}
