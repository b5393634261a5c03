/**
 * The guard on webhook callback URLs (server-side request forgery): a subscriber must not be able to make the
 * service POST into its own network, a cloud metadata endpoint or anything else that is not the public internet.
 *
 * Two checks, both needed:
 * - `checkCallbackUrl` when the URL is registered: scheme, credentials, names that only mean something locally,
 *   IP literals in blocked ranges (and, optionally, `resolveCallbackHost`: what the name resolves to right now,
 *   so an obviously internal name is refused at once rather than at the first delivery);
 * - `guardedLookup` at every connection: the name is resolved once, every address it resolves to is checked,
 *   and the socket connects to the checked address. A name that resolved to a public address at registration
 *   and to 127.0.0.1 later (DNS rebinding) is refused at connect time, since no second resolution happens.
 *
 * Modes: `live` applies everything. `sandbox` (local testing against servers on this machine) also accepts
 * http, `localhost` names and loopback addresses; every other blocked range stays blocked.
 */
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

export type CallbackMode = 'sandbox' | 'live';
export type CallbackUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** One range: the address's first `bits` bits equal the prefix's. */
interface Range {
  prefix: number[];
  bits: number;
}

const v4 = (cidr: string): Range => {
  const [address = '', bits = ''] = cidr.split('/');
  return { prefix: address.split('.').map(Number), bits: Number(bits) };
};

/** IPv4 ranges that are not the public internet. */
const BLOCKED_V4: readonly Range[] = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast (deprecated): a relay on the path, not a webhook receiver
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
].map(v4);
const LOOPBACK_V4 = v4('127.0.0.0/8');

function v6(cidr: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseIpv6(address);
  if (!bytes) throw new Error(`bad IPv6 range ${cidr}`);
  return { prefix: bytes, bits: Number(bits) };
}

/** IPv6 ranges blocked outright (ranges that embed an IPv4 address are checked through it, below). */
const BLOCKED_V6: readonly Range[] = [
  '::/96', // unspecified, loopback and the deprecated IPv4-compatible addresses
  '64:ff9b:1::/48', // local-use NAT64: translators inside a network; where the IPv4 sits depends on the operator's prefix length
  '100::/64', // discard-only
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated, still routed inside some networks)
  'ff00::/8', // multicast
  '2001:db8::/32', // documentation
  '2001::/32', // Teredo: the embedded IPv4 is obfuscated, and no webhook receiver needs it
].map(v6);
const LOOPBACK_V6 = v6('::1/128');

/** IPv6 ranges that carry an IPv4 address: the address is blocked when the IPv4 one is. */
const EMBEDDING_V4: readonly { range: Range; offset: number }[] = [
  { range: v6('::ffff:0:0/96'), offset: 12 }, // IPv4-mapped
  { range: v6('::ffff:0:0:0/96'), offset: 12 }, // IPv4-translated (SIIT)
  { range: v6('64:ff9b::/96'), offset: 12 }, // NAT64
  { range: v6('2002::/16'), offset: 2 }, // 6to4
];

function inRange(bytes: readonly number[], range: Range): boolean {
  let left = range.bits;
  for (let i = 0; left > 0; i++, left -= 8) {
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIpv4(text: string): number[] | undefined {
  if (isIP(text) !== 4) return undefined;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address in any textual form (`::`, embedded dotted quad, zone id). */
function parseIpv6(text: string): number[] | undefined {
  const address = text.split('%')[0] ?? '';
  if (isIP(address) !== 6) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      const quad = parseIpv4(piece);
      if (quad) out.push(((quad[0] ?? 0) << 8) | (quad[1] ?? 0), ((quad[2] ?? 0) << 8) | (quad[3] ?? 0));
      else out.push(parseInt(piece, 16));
    }
    return out;
  };
  const [head = '', tail] = address.split('::');
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  if (!first || !last) return undefined;
  const words = [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function blockedV4(bytes: readonly number[]): boolean {
  return BLOCKED_V4.some((range) => inRange(bytes, range));
}

function blockedV6(bytes: readonly number[]): boolean {
  for (const { range, offset } of EMBEDDING_V4) if (inRange(bytes, range)) return blockedV4(bytes.slice(offset, offset + 4));
  return BLOCKED_V6.some((range) => inRange(bytes, range));
}

/**
 * Whether an IP address (v4 or v6 text) is outside the public internet. Text that is not an IP address
 * counts as blocked: a caller that asks about something it could not parse must not get a yes.
 */
export function isBlockedAddress(ip: string): boolean {
  const quad = parseIpv4(ip);
  if (quad) return blockedV4(quad);
  const bytes = parseIpv6(ip);
  return bytes ? blockedV6(bytes) : true;
}

/** Whether an IP address is loopback (127/8, ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(ip: string): boolean {
  const quad = parseIpv4(ip);
  if (quad) return inRange(quad, LOOPBACK_V4);
  const bytes = parseIpv6(ip);
  if (!bytes) return false;
  const mapped = EMBEDDING_V4[0];
  if (mapped && inRange(bytes, mapped.range)) return inRange(bytes.slice(12), LOOPBACK_V4);
  return inRange(bytes, LOOPBACK_V6);
}

/** Whether `mode` lets the service connect to `ip`. */
export function isAllowedAddress(ip: string, mode: CallbackMode): boolean {
  if (!isBlockedAddress(ip)) return true;
  return mode === 'sandbox' && isLoopbackAddress(ip);
}

const LOCAL_ONLY_SUFFIXES = ['.localhost', '.internal', '.local'];

/** Checks a callback URL as a subscriber gives it; `url` is the parsed URL to store and post to. */
export function checkCallbackUrl(raw: string, mode: CallbackMode): CallbackUrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid absolute URL' };
  }
  const schemes = mode === 'live' ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: mode === 'live' ? 'the URL must use https' : 'the URL must use http or https' };
  // Credentials would be stored and logged with the URL; the Standard Webhooks signature authenticates us instead.
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'the URL must not contain credentials' };

  // URL has already normalised IPv4 shorthand (127.1, 0x7f.0.0.1, 2130706433) to dotted quads.
  const host = hostOf(url);
  if (host === '') return { ok: false, reason: 'the URL has no host' };
  if (isIP(host) !== 0) {
    return isAllowedAddress(host, mode) ? { ok: true, url } : { ok: false, reason: 'the host is an address outside the public internet' };
  }
  const isLocalhost = host === 'localhost' || host.endsWith('.localhost');
  if (isLocalhost && mode === 'sandbox') return { ok: true, url };
  if (isLocalhost || LOCAL_ONLY_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return { ok: false, reason: 'the host name only resolves on a local network' };
  }
  return { ok: true, url };
}

/** The host of a URL as an address or a name: brackets of an IPv6 literal and a root-label dot removed. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** Resolves a host name to every address it has (`dns.lookup` with `all: true` by default). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The error a guarded lookup fails with: `code` is `EBLOCKED`. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(readonly hostname: string) {
    super(`${hostname} resolves to an address outside the public internet`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for node:http(s) `request({lookup})` / `net.connect`: resolves the name with `resolve` and fails
 * with `EBLOCKED` when any of its addresses is not allowed in `mode` (any, not all: a name that mixes a public
 * and a private address would let the connection pick the private one).
 *
 * Node skips `lookup` for a host that is already an IP literal, so a caller connecting to a literal must check
 * it itself (`isAllowedAddress`).
 */
export function guardedLookup(mode: CallbackMode, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        if (resolved.some((entry) => !isAllowedAddress(entry.address, mode))) {
          callback(new BlockedAddressError(hostname), '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? resolved.filter((entry) => entry.family === options.family) : resolved;
        const first = wanted[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export type CallbackHostCheck = { ok: true } | { ok: false; reason: string };

/**
 * Resolves the URL's host now, with the resolver `guardedLookup` uses, and refuses it when any address it
 * resolves to is not allowed in `mode` (an IP literal is checked as it is). Meant for registration, so a
 * subscriber hears at once that its URL points inside a network; it proves nothing about later connections
 * (the name can resolve elsewhere by then), which is why `guardedLookup` checks again at every connection.
 * The reasons are fixed text: the resolver's own error never reaches the caller.
 */
export async function resolveCallbackHost(url: URL, mode: CallbackMode, resolve: Resolver = systemResolver): Promise<CallbackHostCheck> {
  const host = hostOf(url);
  if (host === '') return { ok: false, reason: 'the URL has no host' };
  if (isIP(host) !== 0) {
    return isAllowedAddress(host, mode) ? { ok: true } : { ok: false, reason: 'the host is an address outside the public internet' };
  }
  let resolved: LookupAddress[];
  try {
    resolved = await resolve(host);
  } catch {
    return { ok: false, reason: 'the host name does not resolve' };
  }
  if (resolved.length === 0) return { ok: false, reason: 'the host name does not resolve' };
  if (resolved.some((entry) => !isAllowedAddress(entry.address, mode))) {
    return { ok: false, reason: 'the host name resolves to an address outside the public internet' };
  }
  return { ok: true };
}
