/**
 * The sandbox data world: `createSandboxWorld(seed)` returns a deterministic synthetic Solana world,
 * a pure function of (seed, the `at` argument, the other arguments). No clock and no Math.random are
 * read anywhere; the same (seed, at, args) gives deep-equal answers in any process.
 *
 * What answers what:
 *  - the documented cast (cast.ts, docs/sandbox-cast.md): designed tokens and wallets, fixed
 *    transaction signatures;
 *  - any other valid address: a mint when sha256("sandbox-world/kind", address)[0] < 32 (1 in 8),
 *    answered by `token()` from its hash (and `wallet()` says null); otherwise a small wallet
 *    generated from (seed, address) — a few tokens and NFTs, up to 40 transactions;
 *  - program ids the world uses: empty executable accounts;
 *  - fresh launches (launches/): the launch cast is designed; a background launch (about 24 a day from
 *    the seed) is recognised before the hash rule makes it a generic token, from its launch second on;
 *  - the launch platform's coins and derived quote mints (launchpad-chain.ts): designed, seed-independent,
 *    recognised before anything else (a coin's LaunchLab pool is an account, never a mint).
 *
 * Returned states are deeply frozen (they are cached): copy before mutating.
 * Times inside states are unix seconds.
 */
import type { DefiProtocolState, QuoteState, SandboxWorld, TokenBalanceState, TokenState, TransactionState, WalletState } from './types.js';
import { designedTokens } from './cast-tokens.js';
import { ENTITY_BY_ADDRESS, INCINERATOR, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, WORLD_PROGRAMS } from './entities.js';
import { WalletModel, freezeDeep, type WalletPlan } from './history.js';
import { Lru } from './lru.js';
import { allProtocols, protocolBySlugOrProgram } from './protocols.js';
import { isProgramUser, programUserPlan } from './program-activity.js';
import { quoteExactIn } from './quote.js';
import { decodeSignature, isMintByHash, isValidAddress } from './random.js';
import { toUnix } from './time.js';
import {
  createdAtOf,
  genericTokenSpec,
  designedHolderRawsAt,
  priceAt,
  tokenAccountAddress,
  tokenState,
  uiToRaw,
  type HolderSpec,
  type TokenSpec,
} from './tokens.js';
import { genericPlan, programPlan } from './generic-wallet.js';
import type { PlanCtx } from './plan-context.js';
import { holdingUiAt } from './wallet-drift.js';
import { castWalletPlans, defiPositionsFromHoldings } from './wallets.js';
import { backgroundLaunchSpec, LaunchIndex } from './launches/index.js';
import { launchpadTokenState } from './launchpad-chain.js';

export type { SandboxWorld } from './types.js';
export { CAST, CAST_ADDRESS, CAST_SIGNATURE, DUST_MINTS, FEATURED_TX, type CastEntry, type CastKind } from './cast.js';
export { SANDBOX_ENTITIES, RISKY_PROGRAMS, INFRASTRUCTURE_PROGRAMS, ENTITY, SANDBOX_DRAINER_PROGRAM, type SandboxEntity, type EntityKind } from './entities.js';
export { WORLD_START, FEATURED_DAY } from './time.js';
export { isMintByHash } from './random.js';
export { ACTIVE_PROGRAMS, programTransactions, programUserAddress, programUsers } from './program-activity.js';
export { LAUNCH_CAST, LAUNCH_NAMES, launchAgeMinutes, launchLifeStartMs, launchStageAt, recentLaunches, type LaunchName, type RunnerStage } from './launches/index.js';

let designedCache: Map<string, TokenSpec> | null = null;
function designed(): Map<string, TokenSpec> {
  designedCache ??= designedTokens();
  return designedCache;
}

class World implements SandboxWorld {
  private readonly designed = designed();
  // Bounded caches (each holds at most twice its capacity; see lru.ts). States are keyed by
  // (address, second); models and specs by address — they are pure, so caching never changes answers.
  private readonly genericSpecs = new Lru<string, TokenSpec>(2_000);
  private readonly launchSpecs = new Lru<string, TokenSpec>(2_000);
  private readonly launches: LaunchIndex;
  private readonly tokenStates = new Lru<string, TokenState | null>(2_000);
  private readonly walletStates = new Lru<string, WalletState | null>(500);
  private readonly castModels = new Map<string, WalletModel>();
  private readonly models = new Lru<string, WalletModel>(500);
  private readonly holderIndex = new Map<string, { spec: TokenSpec; holder: HolderSpec }[]>();
  private readonly ctx: PlanCtx;

  constructor(readonly seed: string) {
    this.launches = new LaunchIndex(seed);
    const lookup = (mint: string) => this.spec(mint);
    this.ctx = {
      seed,
      spec: lookup,
      tokenAccount: tokenAccountAddress,
      decimals: (mint) => lookup(mint)?.decimals ?? 0,
      symbol: (mint) => lookup(mint)?.symbol ?? 'UNKNOWN',
      price: (mint, t) => {
        const s = lookup(mint);
        return (s && priceAt(s, t, lookup)) || 0;
      },
      tokenProgram: (mint) => (lookup(mint)?.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM),
    };
    for (const spec of this.designed.values()) {
      if (!spec.registerHolders) continue;
      for (const holder of spec.holders) {
        if (holder.kind !== 'wallet' && holder.kind !== 'exchange') continue;
        const list = this.holderIndex.get(holder.owner) ?? [];
        list.push({ spec, holder });
        this.holderIndex.set(holder.owner, list);
      }
    }
    for (const plan of castWalletPlans(this.ctx).values()) this.castModels.set(plan.address, new WalletModel(plan));
  }

  /** The token spec of a mint, or null when the address is not a mint. */
  private spec(mint: string): TokenSpec | null {
    const d = this.designed.get(mint);
    if (d) return d;
    if (this.castModels.has(mint) || WORLD_PROGRAMS.has(mint) || mint === INCINERATOR || ENTITY_BY_ADDRESS.has(mint) || !isMintByHash(mint)) return null;
    return this.genericSpecs.getOrCreate(mint, () => genericTokenSpec(this.seed, mint));
  }

  private model(address: string): WalletModel | null {
    const cast = this.castModels.get(address);
    if (cast) return cast;
    if (this.designed.has(address)) return null;
    let plan: WalletPlan;
    if (WORLD_PROGRAMS.has(address) || address === INCINERATOR) plan = programPlan(address);
    else if (ENTITY_BY_ADDRESS.has(address)) plan = genericPlan(this.ctx, address, { institutional: true });
    else if (isProgramUser(address)) plan = programUserPlan(this.ctx, address)!;
    else if (isMintByHash(address)) return null;
    else plan = genericPlan(this.ctx, address);
    return this.models.getOrCreate(address, () => new WalletModel(plan));
  }

  /**
   * The spec of `mint` as known at `t`: a background launch of the days around `t` (launches/background.ts)
   * takes precedence over the generic token its hash would otherwise make it.
   */
  private specAt(mint: string, t: number): TokenSpec | null {
    if (this.designed.has(mint)) return this.designed.get(mint)!;
    const launch = isMintByHash(mint) ? this.launches.find(mint, t) : null;
    if (launch) return this.launchSpecs.getOrCreate(mint, () => backgroundLaunchSpec(this.seed, launch));
    return this.spec(mint);
  }

  private tokenAt(mint: string, t: number): TokenState | null {
    const key = `${mint}|${t}`;
    const hit = this.tokenStates.get(key);
    if (hit !== undefined) return hit;
    // The launch platform's coins and derived quotes (launchpad-chain.ts) come before the hash rule.
    const launchpad = launchpadTokenState(mint, t * 1000);
    const spec = launchpad === undefined ? this.specAt(mint, t) : null;
    const state = launchpad !== undefined ? (launchpad && freezeDeep(launchpad)) : spec ? freezeDeep(tokenState(spec, t, (m) => this.spec(m))) : null;
    this.tokenStates.set(key, state);
    return state;
  }

  token(mint: string, at: Date): TokenState | null {
    if (!isValidAddress(mint)) return null;
    return this.tokenAt(mint, toUnix(at));
  }

  wallet(address: string, at: Date): WalletState | null {
    if (!isValidAddress(address)) return null;
    const t = toUnix(at);
    const key = `${address}|${t}`;
    const hit = this.walletStates.get(key);
    if (hit !== undefined) return hit;
    const model = this.model(address);
    const state = model ? freezeDeep(this.walletState(model, t)) : null;
    this.walletStates.set(key, state);
    return state;
  }

  private walletState(model: WalletModel, t: number): WalletState {
    const plan = model.plan;
    const address = plan.address;
    const born = plan.bornAt(t);
    if (born !== null && t < born) return { address, lamports: '0', tokens: [], nfts: [], transactions: [], defiPositions: [] };
    const { txs, nfts } = model.history(t);
    const tokens: TokenBalanceState[] = [];
    for (const h of plan.holdings) {
      const spec = this.spec(h.mint);
      if (!spec || t < createdAtOf(spec, t)) continue;
      const raw = uiToRaw(holdingUiAt(h, address, t), spec.decimals);
      if (raw > 0n) tokens.push({ mint: h.mint, tokenAccount: tokenAccountAddress(address, h.mint), amountRaw: raw.toString(), decimals: spec.decimals });
    }
    for (const { spec, holder } of this.holderIndex.get(address) ?? []) {
      if (t < createdAtOf(spec, t) || tokens.some((x) => x.mint === spec.mint)) continue;
      // The same amount the mint's holder list shows (scaled with the others when drift overshoots).
      const raw = designedHolderRawsAt(spec, t)[spec.holders.indexOf(holder)] ?? 0n;
      if (raw > 0n) tokens.push({ mint: spec.mint, tokenAccount: holder.tokenAccount, amountRaw: raw.toString(), decimals: spec.decimals });
    }
    const price = (mint: string) => {
      const s = this.spec(mint);
      return s ? priceAt(s, t, (m) => this.spec(m)) : null;
    };
    return {
      address,
      lamports: plan.lamports(t).toString(),
      tokens,
      nfts: [...nfts, ...plan.nfts],
      transactions: txs,
      defiPositions: [...defiPositionsFromHoldings(tokens, price), ...(plan.extraPositions?.(t) ?? [])],
    };
  }

  transaction(signature: string, at: Date): TransactionState | null {
    const decoded = decodeSignature(signature);
    if (!decoded) return null;
    const model = this.model(decoded.wallet);
    return model ? model.transaction(decoded.day, decoded.index, toUnix(at)) : null;
  }

  quote(inputMint: string, outputMint: string, inAmountRaw: string, at: Date): QuoteState | null {
    if (!isValidAddress(inputMint) || !isValidAddress(outputMint)) return null;
    const t = toUnix(at);
    const q = quoteExactIn((m) => this.tokenAt(m, t), inputMint, outputMint, inAmountRaw);
    return q ? freezeDeep(q) : null;
  }

  protocol(slugOrProgramId: string, at: Date): DefiProtocolState | null {
    const p = protocolBySlugOrProgram(slugOrProgramId, toUnix(at));
    return p ? freezeDeep(p) : null;
  }

  protocols(at: Date): DefiProtocolState[] {
    return freezeDeep(allProtocols(toUnix(at)));
  }
}

/** A deterministic synthetic Solana world for `seed` (see the file comment). */
export function createSandboxWorld(seed: string): SandboxWorld {
  return new World(seed);
}
