/**
 * Starts the sandbox data providers on loopback, each speaking its real provider's wire format over
 * one shared world and one fault controller. Returns the URLs the production source clients use.
 */
import type { SourceUrls } from '../../sources/index.js';
import type { LegName } from '../../sources/errors.js';
import type { SandboxWorld } from '../world/types.js';
import { createCardPackHandler } from './card-packs.js';
import { createDefiLlamaHandler } from './defillama.js';
import { createDexScreenerHandler } from './dexscreener.js';
import { FaultController } from './faults.js';
import { createHeliusHandler } from './helius/index.js';
import { createJupiterHandler } from './jupiter.js';
import { createLaunchpadHandler } from './launchpad.js';
import { startProviderServer, type ProviderServer } from './server.js';
import { createSolanaDataRpcHandler } from './solana-data-rpc/index.js';
import { createAdrenaRpcHandler } from './perps/adrena-rpc.js';
import { createDydxHandler } from './perps/dydx.js';
import { createHyperliquidHandler } from './perps/hyperliquid.js';
import { createJupiterPerpsRpcHandler } from './perps/jupiter-perps-rpc.js';
import { createPerpsWorld } from '../world/perps/index.js';

export interface SandboxProviders {
  urls: SourceUrls;
  faults: FaultController;
  servers: Record<LegName, ProviderServer>;
  /** Requests all providers received since start (or the last reset). */
  requestCount(): number;
  resetCounts(): void;
  close(): Promise<void>;
}

export async function startSandboxProviders(world: SandboxWorld, now: () => Date, faults: FaultController): Promise<SandboxProviders> {
  const perps = createPerpsWorld(world.seed);
  const [walletAssets, marketData, priceAggregator, defiData, chainRpc, venueA, venueB, venueC, venueD, cardPacks, launchpad] = await Promise.all([
    startProviderServer('wallet_assets', createHeliusHandler(world, now), faults),
    startProviderServer('market_data', createDexScreenerHandler(world, now), faults),
    startProviderServer('price_aggregator', createJupiterHandler(world, now), faults),
    startProviderServer('defi_data', createDefiLlamaHandler(world, now), faults),
    startProviderServer('chain_rpc', createSolanaDataRpcHandler(world, now), faults),
    // Each perps venue on its own server and leg: one venue down leaves the others answering.
    startProviderServer('perps_venue_a', createJupiterPerpsRpcHandler(perps, now), faults),
    startProviderServer('perps_venue_b', createAdrenaRpcHandler(perps, now), faults),
    startProviderServer('perps_venue_c', createHyperliquidHandler(perps, now), faults),
    startProviderServer('perps_venue_d', createDydxHandler(perps, now), faults),
    startProviderServer('card_packs', createCardPackHandler(now), faults),
    startProviderServer('launchpad', createLaunchpadHandler(now), faults),
  ]);
  const servers: Record<LegName, ProviderServer> = {
    wallet_assets: walletAssets, market_data: marketData, price_aggregator: priceAggregator, defi_data: defiData, chain_rpc: chainRpc,
    perps_venue_a: venueA, perps_venue_b: venueB, perps_venue_c: venueC, perps_venue_d: venueD, card_packs: cardPacks,
    launchpad,
  };
  const all = Object.values(servers);
  return {
    // One server per provider; providers with two hosts (Helius, DefiLlama) serve both paths on it.
    urls: {
      heliusRpc: walletAssets.url, heliusApi: walletAssets.url, dexscreener: marketData.url, jupiter: priceAggregator.url,
      defillamaApi: defiData.url, defillamaYields: defiData.url, defillamaCoins: defiData.url, solanaRpc: chainRpc.url,
      perpsVenueARpc: venueA.url, perpsVenueBRpc: venueB.url, hyperliquidApi: venueC.url, hyperliquidStats: venueC.url, dydxIndexer: venueD.url,
      cardPacks: cardPacks.url, launchpad: launchpad.url,
    },
    faults,
    servers,
    requestCount: () => all.reduce((sum, s) => sum + s.requestCount(), 0),
    resetCounts: () => all.forEach((s) => s.resetCount()),
    close: async () => {
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
