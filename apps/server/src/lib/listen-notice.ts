/** The line the server logs at start: where it listens, who can reach it, and how to change that. */
import type { Config } from '../config.ts';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

export interface ListenNotice {
  level: 'info' | 'warn';
  message: string;
}

export function listenNotice(config: Pick<Config, 'host' | 'port' | 'publicUrl' | 'demoData' | 'tls'>): ListenNotice {
  const address = `${config.tls ? 'https' : 'http'}://${config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host}:${config.port}`;
  const browse = `browse ${config.publicUrl} (PUBLIC_URL: links in mails point there)`;
  if (LOOPBACK.test(config.host)) {
    return {
      level: 'info',
      message: `listening on ${address}: this machine only${config.demoData ? ' (demo data on, its password is published)' : ''}; HOST=0.0.0.0 opens it to the network (README "Opening it to a network"); ${browse}`,
    };
  }
  if (config.demoData) {
    return {
      level: 'warn',
      message: `listening on ${address}, open to the network with demo data on: anyone who can reach it can sign in with the published demo password; ${browse}`,
    };
  }
  return { level: 'info', message: `listening on ${address}; ${browse}` };
}
