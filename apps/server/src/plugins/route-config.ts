import type { OperationLogCategory, OperationName } from '@sagano/domain/audit/operation-log-schemas';

/**
 * Who may call a route. Routes without `access` are back-office only: a forgotten setting
 * fails closed. `authenticated` is every signed-in account, station staff included: keep it for
 * what station staff need (their session, the dashboard, bookings and their notes, documents);
 * `backOfficeOrAgent` is the back office and agent staff (API keys included), not station staff,
 * who handle no money and make no bookings (DESIGN §1).
 */
export type Access = 'public' | 'authenticated' | 'operator' | 'backOffice' | 'backOfficeOrAgent' | 'admin' | 'agent';

/** A registered route as the authorization tests enumerate it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers, filled as routes are registered. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Area of the operation log; defaults from the URL. */
    category?: OperationLogCategory;
    /** Dotted name of the operation for the log, e.g. `users.create`. */
    operation?: OperationName;
    /** false for POST routes that only read (searches). */
    operationLog?: boolean;
    /**
     * The group's booking link opens this route too: a request with `?token=` passes the access
     * rule whoever sends it, and the handler answers it as the group of that one booking (its
     * service checks the token; a wrong one is 404 as on the group's other calls).
     */
    bookingToken?: boolean;
  }
}
