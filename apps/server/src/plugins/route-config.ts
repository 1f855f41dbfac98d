import type { OperationLogCategory, OperationName } from '@sagano/domain/audit/operation-log-schemas';

/**
 * Who may call a route. Routes without `access` are back-office only: a forgotten setting
 * fails closed.
 */
export type Access = 'public' | 'authenticated' | 'operator' | 'backOffice' | 'admin' | 'agent';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Area of the operation log; defaults from the URL. */
    category?: OperationLogCategory;
    /** Dotted name of the operation for the log, e.g. `users.create`. */
    operation?: OperationName;
    /** false for POST routes that only read (searches). */
    operationLog?: boolean;
  }
}
