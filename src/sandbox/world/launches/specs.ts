/**
 * Token specs for launches: the launch cast (designs.ts) and the shared builder the background stream
 * (background.ts) uses too. A launch is a pump-style token: 1B supply, 6 decimals, one PumpSwap pool
 * quoted in SOL opened with the token, unverified, priced by the market-data source and the aggregator
 * (the wallet provider does not price fresh tokens), a dev wallet and a few early holders.
 */
import type { ActivityProfile, Knot } from '../activity.js';
import { CAST_ADDRESS } from '../cast.js';
import { WSOL_MINT } from '../entities.js';
import { deriveWallet, rng, type Rng } from '../random.js';
import { holderSpec, poolSpec, waveDrift, type CreatedAt, type HolderSpec, type TokenSpec } from '../tokens.js';
import { LAUNCH_DESIGNS, type LaunchDesign } from './designs.js';

export interface LaunchTraits {
  mint: string;
  name: string;
  symbol: string;
  created: CreatedAt;
  basePrice: number;
  path: Knot[];
  activity: ActivityProfile;
  mintAuthority: boolean;
  freezeAuthority: boolean;
  devPct: number;
  holdersPerDay: number;
}

/** Early holders after the dev: a descending spread of snipers and first buyers (percent of supply). */
function earlyHolders(r: Rng, mint: string, devPct: number): HolderSpec[] {
  const dev = holderSpec(mint, deriveWallet('launch-dev', mint), 'wallet', devPct / 100, waveDrift(r, 0.01));
  const rest = Array.from({ length: 11 }, (_, i) => holderSpec(mint, deriveWallet('launch-holder', mint, i), 'wallet', (2.4 * 0.82 ** i) / 100, waveDrift(r, 0.05)));
  return [dev, ...rest];
}

export function launchTokenSpec(r: Rng, t: LaunchTraits): TokenSpec {
  const dev = deriveWallet('launch-dev', t.mint);
  return {
    mint: t.mint,
    name: t.name,
    symbol: t.symbol,
    decimals: 6,
    supplyUi: 1_000_000_000,
    program: 'spl-token',
    mintAuthority: t.mintAuthority ? dev : null,
    freezeAuthority: t.freezeAuthority ? dev : null,
    extensions: {},
    verified: false,
    tags: [],
    price: { base: t.basePrice, waves: [], path: t.path },
    sources: { walletProvider: false, marketData: true, priceAggregator: true },
    created: t.created,
    pools: [poolSpec(r, t.mint, 0, 'pumpswap', WSOL_MINT, t.activity.liquidity[0]?.value ?? 0, { createdAfter: 0, activity: t.activity })],
    holders: earlyHolders(r, t.mint, t.devPct),
    holderCount: { base: 3, perDay: t.holdersPerDay },
    registerHolders: false,
  };
}

function castSpec(d: LaunchDesign): TokenSpec {
  return launchTokenSpec(rng('launch-cast', d.symbol), {
    mint: CAST_ADDRESS[d.name],
    name: d.tokenName,
    symbol: d.symbol,
    created: { period: d.periodMinutes * 60, minAge: 0 },
    basePrice: d.basePrice,
    path: d.path,
    activity: d.activity,
    mintAuthority: d.mintAuthority,
    freezeAuthority: d.freezeAuthority,
    devPct: d.devPct,
    holdersPerDay: d.holdersPerDay,
  });
}

/** The six launch-cast token specs (seed-independent, like every cast token). */
export function launchCastSpecs(): TokenSpec[] {
  return Object.values(LAUNCH_DESIGNS).map(castSpec);
}
