/** launchpad-yield's answer (docs/launchpad.md, "Endpoint: launchpad-yield"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { indexStaleCaveat, launchpadCoin } from '../shared/coins.js';
import { coinDailyPoints, coinYield } from '../shared/coin-yield.js';

export async function yieldAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const [{ coin, source }, points, staleCaveats] = await Promise.all([
    launchpadCoin(input.mint, ctx),
    coinDailyPoints(ctx, input.mint, now),
    indexStaleCaveat(ctx),
  ]);
  const { data, caveats } = coinYield(coin, points, source, now);
  return { data, caveats: [...staleCaveats, ...caveats] };
}
