/** Headlines of the endpoints about one token, wallet or protocol (or a comparison of 2–3 of them). */
import { spec, type HeadlineSpec } from './types.js';
import { change, span, subject, text, usd, yesNo } from './format.js';

export const SUBJECT_HEADLINES: Record<string, HeadlineSpec> = {
  'enrich-token-full': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      price_usd: r.num('price.price_usd'),
      liquidity_usd: r.num('liquidity_usd'),
      risk_flags: r.count('risk_flags'),
      holder_concentration_band: r.str('concentration.raw_supply.band'),
      holders_considered: r.count('top_holders'),
      volatility_level: r.str('volatility.level'),
    }),
    brief: (h) =>
      `${subject(h.symbol, h.mint)}: price ${usd(h.price_usd)}, liquidity ${usd(h.liquidity_usd)}, ${text(h.risk_flags)} risk flag(s); ` +
      `holder concentration on total supply ${text(h.holder_concentration_band)} (top ${text(h.holders_considered)} holders); volatility ${text(h.volatility_level)}.`,
    full: 'the top holders with their shares, HHI on supply and on the tradeable float, slippage by size, authorities, the risk flags and volatility estimates',
  }),
  'enrich-wallet-full': spec({
    pick: (r) => ({
      address: r.str('address'),
      portfolio_value_usd: r.num('portfolio_value_usd'),
      holdings_count: r.num('holdings_count'),
      risk_level: r.str('risk_score.level'),
      risk_score: r.num('risk_score.risk_score'),
      transactions_analyzed: r.num('activity.transactions_analyzed'),
      last_active_at: r.str('activity.last_active_at'),
      connected_wallets: r.count('connected_wallets'),
      defi_positions: r.count('defi_positions'),
    }),
    brief: (h) =>
      `Wallet ${text(h.address)}: portfolio ${usd(h.portfolio_value_usd)} in ${text(h.holdings_count)} holding(s); risk ${text(h.risk_level)} (${text(h.risk_score)} on 0–1). ` +
      `From its ${text(h.transactions_analyzed)} most recent transaction(s) read (last active ${text(h.last_active_at)}): ${text(h.connected_wallets)} connected wallet(s), ${text(h.defi_positions)} DeFi position(s).`,
    full: 'the holdings, the risk factors, NFTs, labels, connected wallets, DeFi positions, behaviour signals and the recent history',
  }),
  'due-diligence': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      verdict: r.str('verdict'),
      risk_score: r.num('token_risk_score.score'),
      risk_score_is_lower_bound: r.bool('token_risk_score.is_lower_bound'),
      risk_factors_triggered: r.count('reasons'),
      whale_signal: r.str('whale_activity.summary.signal'),
      whale_lookback_hours: r.num('whale_activity.window.lookback_hours'),
    }),
    brief: (h) =>
      `Due diligence on ${subject(h.symbol, h.mint)}: ${text(h.verdict)}, risk ${text(h.risk_score)} on 0–1${h.risk_score_is_lower_bound ? ' (a lower bound: some checks could not run)' : ''}, ` +
      `${text(h.risk_factors_triggered)} risk factor(s) triggered; whale signal over the last ${text(h.whale_lookback_hours)} h: ${text(h.whale_signal)}.`,
    full: 'which risk factors triggered and by how much, the full token analysis, holder concentration and each whale\'s activity',
  }),
  'whale-watch': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      lookback_hours: r.num('window.lookback_hours'),
      window_from_at: r.str('window.from_at'),
      window_to_at: r.str('window.to_at'),
      threshold_usd: r.num('threshold_usd'),
      whales: r.num('summary.whales'),
      accumulating: r.num('summary.accumulating'),
      distributing: r.num('summary.distributing'),
      holding: r.num('summary.holding'),
      not_read: r.num('summary.not_read'),
      signal: r.str('summary.signal'),
    }),
    brief: (h) =>
      `Whales of ${subject(h.symbol, h.mint)} (holders of ≥ ${usd(h.threshold_usd)}) over the last ${text(h.lookback_hours)} h (${span(h.window_from_at, h.window_to_at)}): ` +
      `${text(h.whales)} — ${text(h.accumulating)} accumulating, ${text(h.distributing)} distributing, ${text(h.holding)} holding, ${text(h.not_read)} not read; signal ${text(h.signal)}.`,
    full: 'each whale with its balance, share of supply and net flow in the window, and the net flow in tokens and USD',
  }),
  'compare-tokens': spec({
    pick: (r) => ({
      tokens_compared: r.count('mints'),
      overall_pick: r.str('picks.overall.address'),
      overall_tied_with: r.count('picks.overall.tied_with'),
      safest_pick: r.str('picks.safest.address'),
    }),
    brief: (h) =>
      `${text(h.tokens_compared)} tokens compared on risk, liquidity, holder concentration and volatility: overall pick ${text(h.overall_pick)}` +
      `${h.overall_tied_with ? ` (tied with ${text(h.overall_tied_with)})` : ''}; safest ${text(h.safest_pick)}.`,
    full: 'the side-by-side figures, every ranking and each pick\'s reason',
  }),
  'compare-wallets': spec({
    pick: (r) => ({
      wallets_compared: r.count('addresses'),
      depth: r.str('depth'),
      lowest_risk_pick: r.str('picks.lowest_risk.address'),
      largest_portfolio_pick: r.str('picks.largest_portfolio.address'),
    }),
    brief: (h) =>
      `${text(h.wallets_compared)} wallets compared (${text(h.depth)} profiles): lowest risk ${text(h.lowest_risk_pick)}; largest portfolio ${text(h.largest_portfolio_pick)}.`,
    full: 'the side-by-side portfolios, risk, activity, labels and top holdings, every ranking and each pick\'s reason',
  }),
  'copy-trade-signals': spec({
    pick: (r) => ({
      address: r.str('address'),
      lookback_days: r.num('lookback_days'),
      window_from_at: r.str('window.from_at'),
      window_to_at: r.str('window.to_at'),
      performance: r.str('performance'),
      sufficient_data: r.bool('sufficient_data'),
      closed_trades: r.num('pnl.closed_trades'),
    }),
    brief: (h) =>
      `Copy-trade record of ${text(h.address)} over the last ${text(h.lookback_days)} days (${span(h.window_from_at, h.window_to_at)}): ` +
      `${text(h.performance)} on ${text(h.closed_trades)} closed trade(s); enough trades for the metrics: ${yesNo(h.sufficient_data)}.`,
    full: 'realized PnL, win rate, Sharpe, Sortino, max drawdown, profit factor, consistency, open positions and every closed trade',
  }),
  'wallet-graph': spec({
    pick: (r) => ({
      address: r.str('address'),
      depth: r.num('depth'),
      transactions_analyzed: r.num('coverage.transactions_analyzed'),
      root_history_complete: r.bool('coverage.root_history_complete'),
      nodes: r.num('summary.nodes'),
      edges: r.num('summary.edges'),
      clusters: r.num('summary.clusters'),
      suspicious: r.bool('summary.suspicious'),
    }),
    brief: (h) =>
      `Wallet graph of ${text(h.address)} at depth ${text(h.depth)}, from ${text(h.transactions_analyzed)} transaction(s) analysed` +
      `${h.root_history_complete === false ? ' (the most recent ones only, not its whole history)' : ''}: ${text(h.nodes)} node(s) including the wallet, ` +
      `${text(h.edges)} edge(s), ${text(h.clusters)} cluster(s); suspicious cluster: ${yesNo(h.suspicious)}.`,
    full: 'every connected wallet and entity, the edges with their flows, and each cluster with its evidence',
  }),
  'protocol-profile': spec({
    pick: (r) => ({
      protocol: r.str('protocol.slug'),
      name: r.str('protocol.name'),
      health_level: r.str('health.level'),
      health_signals: r.count('health.signals'),
      tvl_usd: r.num('tvl.tvl_usd'),
      tvl_change_7d_pct: r.num('tvl.change_7d_pct'),
      tvl_as_of_at: r.str('tvl.as_of_at'),
      yield_pools: r.num('yield_pools_total'),
    }),
    brief: (h) =>
      `${text(h.name)} (${text(h.protocol)}): health ${text(h.health_level)} with ${text(h.health_signals)} signal(s); ` +
      `TVL ${usd(h.tvl_usd)} as of ${text(h.tvl_as_of_at)}, ${change(h.tvl_change_7d_pct)} over 7 days; ${text(h.yield_pools)} yield pool(s).`,
    full: 'the TVL history changes, on-chain activity and failure rate, top signers and automation share, health signals and the yield pools',
  }),
};
