/** Headlines of the time-dimension endpoints: trends and histories over snapshots, alerts, the service's own query stream. */
import { spec, type HeadlineSpec } from './types.js';
import { change, span, text } from './format.js';

export const HISTORY_HEADLINES: Record<string, HeadlineSpec> = {
  'token-trend': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      lookback: r.str('lookback'),
      from_day: r.str('from_day'),
      to_day: r.str('to_day'),
      daily_points: r.count('points'),
      overall_direction: r.str('overall_direction'),
      price_direction: r.str('directions.price.direction'),
      // The change runs between the first and last days that have a price, which may be narrower than the look-back.
      price_change_pct: r.num('directions.price.change_pct'),
      price_change_from_day: r.str('directions.price.from_day'),
      price_change_to_day: r.str('directions.price.to_day'),
    }),
    brief: (h) =>
      `Trend of ${text(h.mint)} over ${text(h.lookback)} (${span(h.from_day, h.to_day)}, ${text(h.daily_points)} daily point(s)): overall ${text(h.overall_direction)}; ` +
      (h.price_change_pct === null
        ? 'price change unknown (fewer than two days with a price).'
        : `price ${text(h.price_direction)}, ${change(h.price_change_pct)} from ${text(h.price_change_from_day)} to ${text(h.price_change_to_day)}.`),
    full: 'the daily snapshot series and the direction and change of price, liquidity, holder concentration and risk score',
  }),
  'wallet-history': spec({
    pick: (r) => {
      // Without an earlier snapshot nothing was compared: "0 positions added" would read as a finding, so the counts are unknown.
      const baseline = r.str('start.day');
      const added = r.count('positions_added');
      const removed = r.count('positions_removed');
      return {
        address: r.str('address'),
        lookback: r.str('lookback'),
        from_day: r.str('from_day'),
        to_day: r.str('to_day'),
        baseline_day: baseline,
        overall_direction: r.str('overall_direction'),
        portfolio_change_pct: r.num('deltas.portfolio_value_usd.change_pct'),
        portfolio_change_from_day: r.str('deltas.portfolio_value_usd.from_day'),
        portfolio_change_to_day: r.str('deltas.portfolio_value_usd.to_day'),
        positions_added: baseline === null ? null : added,
        positions_removed: baseline === null ? null : removed,
      };
    },
    brief: (h) =>
      `History of wallet ${text(h.address)} over ${text(h.lookback)} (${span(h.from_day, h.to_day)}): ` +
      (h.baseline_day === null
        ? 'no earlier snapshot in the window, so no change can be told yet.'
        : `overall ${text(h.overall_direction)}; portfolio value ${change(h.portfolio_change_pct)} from ${text(h.portfolio_change_from_day)} to ${text(h.portfolio_change_to_day)}; ` +
          `${text(h.positions_added)} position(s) added, ${text(h.positions_removed)} removed since ${text(h.baseline_day)}.`),
    full: 'the two snapshots, the deltas of portfolio value, SOL balance, risk score and token count, and which positions were added or removed',
  }),
  'portfolio-history': spec({
    pick: (r) => {
      // One valued day has no change and no drawdown: the endpoint's 0 would read as "flat" out of context.
      const points = r.num('summary.valued_points');
      const series = points !== null && points >= 2;
      const changePct = r.num('summary.change_pct');
      const drawdownPct = r.num('summary.max_drawdown.pct');
      return {
        address: r.str('address'),
        period: r.str('period'),
        from_day: r.str('from_day'),
        to_day: r.str('to_day'),
        valued_points: points,
        change_pct: series ? changePct : null,
        change_from_day: r.str('summary.start.day'),
        max_drawdown_pct: series ? drawdownPct : null,
      };
    },
    brief: (h) =>
      `Portfolio of ${text(h.address)} over ${text(h.period)} (${span(h.from_day, h.to_day)}, ${text(h.valued_points)} valued daily point(s)): ` +
      (h.change_pct === null
        ? 'fewer than two valued days, so no change or drawdown can be told yet.'
        : `${change(h.change_pct)} since ${text(h.change_from_day)}; max drawdown ${text(h.max_drawdown_pct)} % in the period.`),
    full: 'the daily value series, peak, trough, average and the drawdown\'s dates and size in USD',
  }),
  'check-alerts': spec({
    pick: (r) => ({
      since: r.str('since'),
      checked_at: r.str('checked_at'),
      alerts_fired: r.count('alerts'),
      high_severity_alerts: r.countWhere('alerts', 'severity', 'high'),
      truncated: r.bool('truncated'),
      subjects_checked: r.count('subjects'),
      subjects_compared: r.countWhere('subjects', 'status', 'compared'),
    }),
    brief: (h) =>
      `Alerts between ${span(h.since, h.checked_at)}: ${text(h.alerts_fired)}${h.truncated ? ' (list truncated)' : ''} fired, ${text(h.high_severity_alerts)} of high severity; ` +
      `${text(h.subjects_compared)} of ${text(h.subjects_checked)} subject(s) had a baseline to compare against.`,
    full: 'each alert with its kind, severity, subject and figures, and each subject\'s baseline and observation times',
  }),
  'consensus-signal': spec({
    pick: (r) => ({
      type: r.str('type'),
      window: r.str('window'),
      window_start_at: r.str('window_start_at'),
      window_end_at: r.str('window_end_at'),
      total_calls: r.num('total_calls'),
      ranked_entities: r.num('ranked_entities'),
      sample_quality: r.str('sample_quality'),
    }),
    brief: (h) =>
      `Paid calls to this service naming a ${text(h.type)}, ${text(h.window)} window (${span(h.window_start_at, h.window_end_at)}): ` +
      `${text(h.total_calls)} call(s) about ${text(h.ranked_entities)} ranked ${text(h.type)}(s); sample quality ${text(h.sample_quality)}.`,
    full: 'the ranked entities with their counts, shares, percentiles and trends against the window before',
  }),
  'feed-latest': spec({
    pick: (r) => ({
      brief_id: r.str('brief_id'),
      generated_at: r.str('generated_at'),
      expires_at: r.str('expires_at'),
      candidates_considered: r.num('candidates_considered'),
      tokens_ranked: r.count('tokens'),
    }),
    brief: (h) =>
      `Daily brief ${text(h.brief_id)}, generated ${text(h.generated_at)} (valid until ${text(h.expires_at)}): ${text(h.tokens_ranked)} token(s) ranked of ${text(h.candidates_considered)} candidate(s).`,
    full: 'the ranked tokens with their scores, factors and 24 h market figures',
  }),
  'attention-momentum': spec({
    pick: (r) => {
      const windows = r.count('windows') ?? 0;
      return {
        window: r.str('window'),
        windows_compared: windows,
        from: r.str('windows.0.from'),
        to: windows > 0 ? r.str(`windows.${windows - 1}.to`) : null,
        total_calls: r.num('total_calls'),
        candidates: r.num('candidates'),
        tokens_ranked: r.count('tokens'),
        rising: r.countWhere('tokens', 'trend', 'rising'),
        as_of: r.str('as_of'),
      };
    },
    brief: (h) =>
      `Attention = paid calls to this service naming a token, over ${text(h.windows_compared)} consecutive ${text(h.window)} windows (${span(h.from, h.to)}): ` +
      `${text(h.total_calls)} call(s) about ${text(h.candidates)} token(s); ${text(h.tokens_ranked)} ranked, ${text(h.rising)} rising (as of ${text(h.as_of)}).`,
    full: 'the ranked tokens with their counts per window, acceleration, trend and the price divergence',
  }),
};
