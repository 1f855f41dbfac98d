/** The certificate an HTTPS server (TLS_CERT_FILE, TLS_KEY_FILE; ADR 043) hands to new connections. */
import type { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { TlsConfig } from '../config.ts';

/**
 * Hands `tls` to the connections made from now on (those open keep theirs). A key that does not
 * match its certificate is refused here, and the certificate in use stays.
 */
export function useCertificate(app: FastifyInstance, tls: TlsConfig): void {
  (app.server as unknown as TlsServer).setSecureContext({ cert: tls.cert, key: tls.key });
}
