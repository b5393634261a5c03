/**
 * Every endpoint of the service, in the spec's order. The registry (routes, validation, 402 challenge,
 * discovery documents) is generated from this list by `buildServiceRegistry`; adding an endpoint is one file
 * plus one line here. The layout of src/endpoints is in docs/architecture.md.
 */
import { buildRegistry, type Registry } from '../registry/index.js';
import type { EndpointDefinition } from '../registry/types.js';

// Wallet, token, transaction (spec table 1)
import enrichWalletLight from './wallet-token/enrich-wallet-light.js';
import enrichWalletFull from './wallet-token/enrich-wallet-full.js';
import enrichTokenLight from './wallet-token/enrich-token-light.js';
import enrichTokenFull from './wallet-token/enrich-token-full.js';
import parseTransaction from './wallet-token/parse-transaction.js';
import whaleWatch from './intelligence/whale-watch.js';
import batchEnrich from './intelligence/batch-enrich.js';
import walletGraph from './intelligence/wallet-graph.js';
import copyTradeSignals from './intelligence/copy-trade-signals.js';
import dueDiligence from './intelligence/due-diligence.js';
import query, { queryPriceBook } from './intelligence/query.js';
import compareTokens from './intelligence/compare-tokens.js';
import compareWallets from './intelligence/compare-wallets.js';
import tokenTrend from './history-alerts/token-trend.js';
import walletHistory from './history-alerts/wallet-history.js';
import portfolioHistory from './history-alerts/portfolio-history.js';
import protocolProfile from './intelligence/protocol-profile.js';
// Perps
import perpsMarketStructure from './perps/perps-market-structure.js';
import perpsMarketTrend from './perps/perps-market-trend.js';
import perpsTraderProfile from './perps/perps-trader-profile.js';
import refvenueTraderProfile from './perps/refvenue-trader-profile.js';
import refvenueSmartMoney from './perps/refvenue-smart-money.js';
import perpsCrossVenueFunding from './perps/perps-cross-venue-funding.js';
import perpsVenueComparison from './perps/perps-venue-comparison.js';
import perpsBasisSignal from './perps/perps-basis-signal.js';
// Memecoin discovery and signals
import newTokens from './discovery/new-tokens.js';
import trendingSignals from './discovery/trending-signals.js';
import smartMoneyFlow from './discovery/smart-money-flow.js';
import smartMoneyTrenches from './discovery/smart-money-trenches.js';
import runnerScan from './discovery/runner-scan.js';
import trenchesScan from './discovery/trenches-scan.js';
import trenchesCheck from './discovery/trenches-check.js';
import exitSignal from './discovery/exit-signal.js';
import attentionMomentum from './discovery/attention-momentum.js';
import consensusSignal from './history-alerts/consensus-signal.js';
import feedLatest from './history-alerts/feed-latest.js';
import gachaEvScan from './discovery/gacha-ev-scan.js';
// Alerts (poll)
import checkAlerts from './history-alerts/check-alerts.js';
// Launch platform reward coins
import launchpadPairs from './launchpad/launchpad-pairs.js';
import launchpadRewardRisk from './launchpad/launchpad-reward-risk.js';
import launchpadYield from './launchpad/launchpad-yield.js';
import launchpadYieldBatch from './launchpad/launchpad-yield-batch.js';
import launchpadAlerts from './launchpad/launchpad-alerts.js';
import launchpadScreener from './launchpad/launchpad-screener.js';
import launchpadGems from './launchpad/launchpad-gems.js';
import launchpadLaunchIntel from './launchpad/launchpad-launch-intel.js';
import launchpadQuote from './launchpad/launchpad-quote.js';
import launchpadLaunchPreflight from './launchpad/launchpad-launch-preflight.js';

export const ENDPOINTS: readonly EndpointDefinition[] = Object.freeze([
  enrichWalletLight,
  enrichWalletFull,
  enrichTokenLight,
  enrichTokenFull,
  parseTransaction,
  whaleWatch,
  batchEnrich,
  walletGraph,
  copyTradeSignals,
  dueDiligence,
  query,
  compareTokens,
  compareWallets,
  tokenTrend,
  walletHistory,
  portfolioHistory,
  protocolProfile,
  perpsMarketStructure,
  perpsMarketTrend,
  perpsTraderProfile,
  refvenueTraderProfile,
  refvenueSmartMoney,
  perpsCrossVenueFunding,
  perpsVenueComparison,
  perpsBasisSignal,
  newTokens,
  trendingSignals,
  smartMoneyFlow,
  smartMoneyTrenches,
  runnerScan,
  trenchesScan,
  trenchesCheck,
  exitSignal,
  attentionMomentum,
  consensusSignal,
  feedLatest,
  gachaEvScan,
  checkAlerts,
  launchpadPairs,
  launchpadRewardRisk,
  launchpadYield,
  launchpadYieldBatch,
  launchpadAlerts,
  launchpadScreener,
  launchpadGems,
  launchpadLaunchIntel,
  launchpadQuote,
  launchpadLaunchPreflight,
]);

// query prices its legs by the endpoints it is listed with (src/endpoints/intelligence/query/price-book.ts).
queryPriceBook.bind(ENDPOINTS);

/** The service's registry: every endpoint above, compiled (src/registry/index.ts). */
export function buildServiceRegistry(): Registry {
  return buildRegistry(ENDPOINTS);
}
