/**
 * `TRUST_PROXY`: whose `X-Forwarded-For` the service believes when it decides a caller's address, which is
 * what the free-route and demo rate limits count against. Believing a hop that is not a proxy of ours lets a
 * client name its own address and escape every per-client limit, so the default is to believe nobody and
 * `true` ("believe every hop") is refused rather than honoured.
 */
import { isIP } from 'node:net';

export type TrustProxy =
  /** The socket's peer is the client; `X-Forwarded-For` is ignored. */
  | { kind: 'none' }
  /**
   * Exactly `hops` proxies stand in front of the service: the peer and the next `hops - 1` addresses from
   * the right of `X-Forwarded-For` are proxies, the entry after them is the client. Safe only where nothing
   * but those proxies can reach the service's port (a direct caller would be taken for the first proxy).
   */
  | { kind: 'hops'; hops: number }
  /** Only these addresses / CIDR ranges (or proxy-addr's named ranges) are proxies, wherever they appear. */
  | { kind: 'addresses'; addresses: string[] };

/** proxy-addr's named ranges (node_modules/@fastify/proxy-addr `IP_RANGES`), which Fastify expands. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const HOW_TO_SET =
  'set TRUST_PROXY to the number of proxies in front of the service (e.g. 1 behind a single nginx that overwrites X-Forwarded-For) ' +
  'or to the proxies\' addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16), or leave it unset to ignore X-Forwarded-For';

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const family = isIP(entry.slice(0, slash));
  const prefix = entry.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses `TRUST_PROXY`; anything it cannot read exactly stops start-up with what to set instead. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return { kind: 'none' };
  if (value === 'true') {
    throw new Error(`TRUST_PROXY=true is refused: it would trust every hop, so any client could pick its own address with X-Forwarded-For and escape the rate limits; ${HOW_TO_SET}`);
  }
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = addresses.find((entry) => !validEntry(entry));
  if (bad !== undefined || addresses.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of proxy addresses/CIDRs, got "${bad ?? value}"; ${HOW_TO_SET}`);
  }
  return { kind: 'addresses', addresses };
}

/**
 * The Fastify `trustProxy` option for a parsed `TRUST_PROXY`. A hop count becomes a trust function of the
 * hop's position, because Fastify 5 turns a numeric `trustProxy` into "trust nobody" (request.js
 * `getTrustProxyFn`), which behind a proxy would put every client in the proxy's one rate-limit bucket.
 * proxy-addr asks the function about the socket's peer as hop 0, then the `X-Forwarded-For` entries from the
 * right, and stops at the first untrusted one: that entry is the client.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops': {
      const { hops } = trust;
      return (_address, hop) => hop < hops;
    }
    case 'addresses':
      return [...trust.addresses];
  }
}
