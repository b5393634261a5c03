/**
 * The sandbox's DEX Screener latest token profiles (`GET /token-profiles/latest/v1`, see
 * `src/sources/wire/dexscreener-profiles.ts`): the launches of the last 24 h — the launch cast's current
 * lives and the background launch stream (world/launches/) — newest first, at most 30 entries (the
 * real feed is a short list of the latest profiles too; older launches fall off the end). Only tokens the
 * world answers at the moment are listed, each with its page URL, icon, header, a description and links.
 */
import type { DexTokenProfile } from '../../sources/wire/dexscreener-profiles.js';
import { recentLaunches } from '../world/launches/index.js';
import type { SandboxWorld } from '../world/types.js';

/** The feed's cap (entries per answer). */
export const LATEST_PROFILES_MAX = 30;

export function latestProfiles(world: SandboxWorld, at: Date): DexTokenProfile[] {
  const t = Math.floor(at.getTime() / 1000);
  const out: DexTokenProfile[] = [];
  for (const launch of recentLaunches(world.seed, t)) {
    if (out.length >= LATEST_PROFILES_MAX) break;
    const token = world.token(launch.mint, at);
    if (!token) continue;
    const slug = token.symbol.toLowerCase();
    out.push({
      url: `https://dexscreener.com/solana/${token.mint.toLowerCase()}`,
      chainId: 'solana',
      tokenAddress: token.mint,
      icon: token.image,
      header: `https://metadata.sandbox.invalid/token/${token.mint}-header.png`,
      description: `${token.name} (${token.symbol}): launched ${new Date(launch.createdAt * 1000).toISOString()} on PumpSwap`,
      links: [
        { label: 'Website', url: `https://${slug}.sandbox.invalid` },
        { type: 'twitter', url: `https://x.com/${slug}_sandbox` },
      ],
    });
  }
  return out;
}
