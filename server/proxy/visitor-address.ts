import { BlockList, isIP } from 'node:net';

/**
 * Who is asking. Behind a reverse proxy every connection comes from the proxy, and only the proxy
 * knows the visitor's address: it says so in X-Forwarded-For. That header is believed only from
 * peers listed in TRUST_PROXY, since anyone else can write anything in it. Node's own BlockList
 * matches addresses and CIDR ranges, so no library is needed.
 */
export interface TrustedProxies {
  /** Whether an address (IPv4, IPv6, or IPv4 written as IPv6) is one of the trusted proxies. */
  has(address: string): boolean;
  /** The addresses and ranges as configured, for the start-up log. */
  readonly entries: readonly string[];
}

/** `::ffff:127.0.0.1`, as Node reports IPv4 peers on a dual-stack socket, is the IPv4 address 127.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Reads TRUST_PROXY: addresses or CIDR ranges separated by commas or spaces, such as
 * `127.0.0.1, ::1` or `10.0.0.0/8`. Empty (the default) trusts no one. A wrong entry throws an
 * error that names it.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (family === 0 || rest.length > 0 || (prefix !== undefined && !/^\d+$/.test(prefix)) || bits > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8. List the addresses of your reverse proxies, separated by commas.`);
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    entries,
    has(address: string) {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/** One X-Forwarded-For entry as a bare address: without brackets or a port, or null when it is not an address. */
function forwardedEntry(entry: string): string | null {
  const trimmed = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  const candidate = bracketed ? bracketed[1]! : /^\d+\.\d+\.\d+\.\d+:\d+$/.test(trimmed) ? trimmed.replace(/:\d+$/, '') : trimmed;
  return isIP(candidate) ? plainAddress(candidate) : null;
}

/**
 * The visitor's address: the connection's own peer, unless that peer is a trusted proxy. Then the
 * X-Forwarded-For chain is read from the right (the entry the nearest proxy added) and the first
 * address that is not a trusted proxy is the visitor. Entries further left were written by whoever
 * that visitor is, so they are never believed. A broken entry stops the walk at the last known hop.
 */
export function visitorAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  let visitor = plainAddress(peer ?? '');
  if (!trusted.has(visitor) || forwardedFor === undefined) return visitor;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  for (let index = chain.length - 1; index >= 0; index--) {
    const hop = forwardedEntry(chain[index]!);
    if (hop === null) break;
    visitor = hop;
    if (!trusted.has(hop)) break;
  }
  return visitor;
}
