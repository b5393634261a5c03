/**
 * Known-entity labels: addresses of exchanges, protocols, bridges and foundations, attached
 * wherever an address appears in a response.
 *
 * Rule: an address is labelled only when we have a source for it, and every entry says how sure we
 * are (`confidence`):
 *  - `high`   — program ids that are published by the protocol itself (the known-programs map).
 *  - `medium` — account tags curated by a major Solana data provider (Helius' open-source explorer
 *               account-tag list); not first-party, but maintained by a provider whose business
 *               is labelling.
 *  - `low`    — labels repeated across community lists that we could not confirm first-hand.
 *               Clients should treat these as hints, never as proof of identity.
 * Addresses whose community attributions contradict each other are left out rather than guessed.
 *
 * The sandbox cast adds its own entities through `createEntityDirectory(extra)`; extra entries win
 * over built-in ones on the same address.
 */
import { KNOWN_PROGRAM_LIST, type ProgramCategory } from './known-programs.js';

export type EntityKind = 'cex' | 'protocol' | 'bridge' | 'foundation';
export type EntityConfidence = 'high' | 'medium' | 'low';

export interface EntityLabel {
  name: string;
  kind: EntityKind;
  tags: string[];
  confidence: EntityConfidence;
}

export interface EntityEntry extends EntityLabel {
  address: string;
}

export interface EntityDirectory {
  /** The label of `address`, or null when it is not a known entity. */
  labelFor(address: string): EntityLabel | null;
  /** Every entry, sorted by address (stable, for docs and tests). */
  entries(): EntityEntry[];
  readonly size: number;
}

function categoryTags(category: ProgramCategory): string[] {
  switch (category) {
    case 'dex': return ['defi', 'dex'];
    case 'aggregator': return ['defi', 'dex_aggregator'];
    case 'nft': return ['nft'];
    case 'staking': return ['defi', 'staking'];
    case 'bridge': return ['bridge'];
    case 'lending': return ['defi', 'lending'];
    case 'launchpad': return ['launchpad'];
    case 'infrastructure': return ['infrastructure'];
  }
}

const PROGRAM_ENTITIES: EntityEntry[] = KNOWN_PROGRAM_LIST.map((p) => ({
  address: p.programId,
  name: p.name,
  kind: p.category === 'bridge' ? 'bridge' : 'protocol',
  tags: ['program', ...categoryTags(p.category)],
  confidence: 'high',
}));

const cex = (address: string, name: string, confidence: EntityConfidence): EntityEntry => ({
  address,
  name,
  kind: 'cex',
  tags: ['exchange', 'cex', 'hot_wallet'],
  confidence,
});

/** Exchange wallets. Medium: Helius explorer account tags. Low: community lists only. */
const EXCHANGE_ENTITIES: EntityEntry[] = [
  cex('HXsKP7wrBWaQ8T2Vtjry3Nj3oUgwYcqq9vrHDM12G664', 'Binance', 'medium'),
  cex('28nYGHJyUVcVdxZtzKByBXEj127XnrUkrE3VaGuWj1ZU', 'Binance', 'medium'),
  cex('BZ3kabSsMzbuJUguYxtmkRtzw7ACqw1DUMH8PcbvXiUr', 'Binance', 'medium'),
  cex('6QJzieMYfp7yr3EdrePaQoG3Ghxs2wM98xSLRu8Xh56U', 'Binance', 'medium'),
  cex('3gd3dqgtJ4jWfBfLYTX67DALFetjc5iS72sCgRhCkW2u', 'Binance', 'medium'),
  cex('GJRs4FwHtemZ5ZE9x3FNvJ8TMwitKTh21yxdRPqn7npE', 'Coinbase', 'medium'),
  cex('H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS', 'Coinbase', 'medium'),
  cex('2AQdpHJ2JpcEgPiATUXjQxA8QmafFegfQwSLWSprPicm', 'Coinbase', 'medium'),
  cex('5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9', 'Binance', 'low'),
  cex('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'Binance', 'low'),
  cex('5VCwKtCXgCJ6kit5FybXjvriW3xELsFDhYrPSqtJNmcD', 'OKX', 'low'),
  cex('FWznbcNXWQuHTawe9RxvQ2LdCENssh12dsznf4RiouN5', 'Kraken', 'low'),
];

/** Treasuries of foundations/DAOs (Helius explorer account tags). */
const FOUNDATION_ENTITIES: EntityEntry[] = [
  { address: 'B56RWQGf9RFw7t8gxPzrRvk5VRmB5DoF94aLoJ25YtvG', name: 'Marinade Finance Treasury', kind: 'foundation', tags: ['treasury', 'dao'], confidence: 'medium' },
  { address: 'A9DsyEuQP5J4fizYuWXKwgGebThNkFm9NEXFzBbeaEdr', name: 'Flare DAO Treasury', kind: 'foundation', tags: ['treasury', 'dao'], confidence: 'medium' },
];

export const BUILTIN_ENTITIES: readonly EntityEntry[] = [...PROGRAM_ENTITIES, ...EXCHANGE_ENTITIES, ...FOUNDATION_ENTITIES];

/**
 * Builds a directory from the built-in entities plus `extra` (an array of entries or an
 * address → label record). Extra entries override built-ins with the same address.
 */
export function createEntityDirectory(extra: readonly EntityEntry[] | Readonly<Record<string, EntityLabel>> = []): EntityDirectory {
  const map = new Map<string, EntityLabel>();
  const add = (address: string, label: EntityLabel) => {
    map.set(address, { name: label.name, kind: label.kind, tags: [...label.tags], confidence: label.confidence });
  };
  for (const e of BUILTIN_ENTITIES) add(e.address, e);
  if (Array.isArray(extra)) for (const e of extra as readonly EntityEntry[]) add(e.address, e);
  else for (const [address, label] of Object.entries(extra as Record<string, EntityLabel>)) add(address, label);
  return {
    labelFor(address: string): EntityLabel | null {
      const label = map.get(address);
      return label ? { ...label, tags: [...label.tags] } : null;
    },
    entries(): EntityEntry[] {
      return [...map.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([address, l]) => ({ address, ...l, tags: [...l.tags] }));
    },
    get size() {
      return map.size;
    },
  };
}

const DEFAULT_DIRECTORY = createEntityDirectory();

/** Label from the built-in directory only (no sandbox extras). */
export function labelFor(address: string): EntityLabel | null {
  return DEFAULT_DIRECTORY.labelFor(address);
}
