/**
 * Where a link that leaves the web app and comes back (a card checkout's page and its return)
 * should point, so the browser comes back to the address it is on, with its session cookie.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';

export interface ServerAddress {
  /** PUBLIC_URL: where users reach the web app. */
  publicUrl: string;
  /** The port this server listens on. */
  port: number;
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/** A loopback name or address, or an address of one of this machine's network interfaces. */
function isOwnAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return true;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((a) => a.address.toLowerCase() === host));
}

/**
 * The base URL of the site as the caller reached it: PUBLIC_URL when the request came to it, or
 * to a host this server cannot vouch for; the request's own origin when that is this server
 * itself, by a loopback name or one of its own addresses, on the port it listens on (someone
 * browsing at http://127.0.0.1:3000 or a LAN address while PUBLIC_URL says localhost). The Host
 * header is the caller's to write, so a name other than PUBLIC_URL's is never taken from it: a
 * checkout cannot be made to return to someone else's site.
 */
export function returnBaseUrl(request: FastifyRequest, server: ServerAddress): string {
  let asked: URL;
  try {
    asked = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return server.publicUrl;
  }
  // A Host header is a host and maybe a port, nothing more (no user, path or query smuggled in).
  if (asked.username || asked.password || asked.pathname !== '/' || asked.search || asked.hash) return server.publicUrl;
  if (asked.origin === new URL(server.publicUrl).origin) return server.publicUrl;
  const port = asked.port === '' ? defaultPort(asked.protocol) : Number(asked.port);
  return port === server.port && isOwnAddress(asked.hostname) ? asked.origin : server.publicUrl;
}
