/**
 * Where a webhook may go (ADR 038): only http(s) to a public address. A host name is resolved and
 * every address it gives is checked: private, loopback, link-local, CGNAT, multicast, reserved and
 * documentation ranges, IPv6 ULA and link-local, and IPv4 written inside IPv6 (mapped, NAT64, 6to4)
 * are refused; the delivery then connects to the address checked, never resolving the name again.
 * Loopback is allowed only with WEBHOOKS_ALLOW_LOOPBACK=true (tests and local development), and
 * plain http only to loopback; everywhere else https is required.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// One list per family: a BlockList also matches an IPv4 address against IPv6 rules (as ::ffff:a.b.c.d),
// and IPv4 inside IPv6 is judged as the IPv4 address it carries (mappedIpv4), so the families stay apart.
const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');
const LOOPBACK_V6 = new BlockList();
LOOPBACK_V6.addAddress('::1', 'ipv6');

const NOT_PUBLIC_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the machine itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: judged as the IPv4 address it carries, never passed as IPv6
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

export type AddressClass = 'public' | 'loopback' | 'not public';

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), as IPv4; otherwise undefined. */
function mappedIpv4(address: string): string | undefined {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is public, loopback, or anything else a webhook may not reach. */
export function classifyAddress(address: string): AddressClass {
  const mapped = mappedIpv4(address);
  if (mapped) return classifyAddress(mapped);
  const family = isIP(address);
  if (family === 0) return 'not public';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if ((family === 4 ? LOOPBACK_V4 : LOOPBACK_V6).check(address, type)) return 'loopback';
  return (family === 4 ? NOT_PUBLIC_V4 : NOT_PUBLIC_V6).check(address, type) ? 'not public' : 'public';
}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: checked, so the connection never resolves the name again. */
  address: string;
  family: 4 | 6;
}

export class AddressRefused extends Error {}

export interface AddressRules {
  /** WEBHOOKS_ALLOW_LOOPBACK: loopback addresses (and http to them) allowed, for tests and local development. */
  allowLoopback: boolean;
  /** How a host name is resolved (every address it has). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

/**
 * The URL parsed and its host resolved and checked; refused (AddressRefused, in words) when the
 * scheme, the credentials or any address the host resolves to is not allowed.
 */
export async function checkWebhookUrl(text: string, rules: AddressRules): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AddressRefused('enter a full address starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AddressRefused('only https:// addresses are allowed');
  if (url.username || url.password) throw new AddressRefused('the address may not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (rules.resolve ?? systemResolve)(host);
    } catch {
      throw new AddressRefused(`the host name ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new AddressRefused(`the host name ${host} does not resolve`);
  }
  const classes = addresses.map((a) => classifyAddress(a.address));
  if (classes.includes('not public')) throw new AddressRefused(`${host} is a private or reserved address: webhooks go to public addresses only`);
  if (classes.includes('loopback') && !rules.allowLoopback) throw new AddressRefused(`${host} is this machine (loopback): webhooks go to public addresses only`);
  const allLoopback = classes.every((c) => c === 'loopback');
  if (url.protocol === 'http:' && !allLoopback) throw new AddressRefused('only https:// addresses are allowed');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
