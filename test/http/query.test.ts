/**
 * `query` through paid calls: chains run their legs and keep the unbuilt ones as caveats, addresses of
 * unstated kind are resolved on chain, and every question that cannot be answered is refused without
 * charge. What an answer carries follows the legs' prices: an endpoint priced at or below query's 0.003 USDC
 * answers whole, a dearer one as headlines with the next step that buys its full answer.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A, CAST_SIGNATURE as SIG } from '../../src/sandbox/world/index.js';
import { readHeadlines } from '../../src/analytics/query/headlines/index.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';

type Json = any;

describe('query', { concurrency: 3 }, () => {
  let service: TestService;
  let turn = 0;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  /** A paid question by a payer of its own (tests run concurrently: a shared payer's balance would mix their charges). */
  async function ask(question: string, extra: Record<string, unknown> = {}): Promise<{ status: number; json: Json; charged: bigint }> {
    const payer = await newPayer(service, turn++ % 2 === 0 ? 'solana' : 'base');
    const before = await payer.balance();
    const res = await paidInvoke(payer, service, 'query', { question, ...extra });
    const json = await res.json();
    return { status: res.status, json, charged: before - (await payer.balance()) };
  }

  /** A paid direct call; returns its data fields. */
  async function direct(endpoint: string, input: Record<string, unknown>): Promise<Json> {
    const res = await paidInvoke(await newPayer(service, 'base'), service, endpoint, input);
    assert.equal(res.status, 200, endpoint);
    const { caveats: _c, next_steps: _n, meta: _m, ...data } = await res.json();
    return data;
  }

  it('"What are smart-money wallets buying?" answers smart-money-flow\'s headlines and the call that buys it, not its list', async () => {
    const { status, json, charged } = await ask('What are smart-money wallets buying?');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assertMatchesOutputSchema('query', json);
    assert.equal(json.answered_by, 'smart-money-flow');
    assert.equal(json.answer, undefined, 'no full payload');
    const { preview } = json;
    assert.deepEqual([preview.endpoint, preview.price_usdc, preview.input], ['smart-money-flow', '0.100', {}]);
    // Every count comes with the window it was measured over.
    assert.equal(preview.headlines.lookback_days, 14);
    assert.match(preview.headlines.window_from_at, /^\d{4}-\d{2}-\d{2}T/);
    assert.match(preview.headlines.window_to_at, /^\d{4}-\d{2}-\d{2}T/);
    assert.ok(preview.headlines.tokens_accumulated > 0, JSON.stringify(preview.headlines));
    assert.match(preview.briefing, /^Smart money over the last 14 days \(.+ → .+\): \d+ of \d+ /);
    assert.deepEqual(json.next_steps.map((s: Json) => [s.endpoint, s.input]), [['smart-money-flow', {}]]);
    assert.match(json.next_steps[0].reason, /smart-money-flow at 0\.100 USDC/);

    // The full answer, bought as the next step says: none of what it found is in the query answer.
    const full = await direct('smart-money-flow', json.next_steps[0].input);
    assert.equal(full.accumulated_tokens.length, preview.headlines.tokens_accumulated);
    assert.deepEqual(readHeadlines('smart-money-flow', full)!.headlines, preview.headlines, 'the headlines are the full answer\'s own figures');
    const body = JSON.stringify(json);
    for (const key of ['accumulated_tokens', 'winners', 'wallets', 'by_wallet']) assert.ok(!body.includes(`"${key}"`), `${key} leaked`);
    for (const t of full.accumulated_tokens) assert.ok(!body.includes(t.mint), `accumulated token ${t.mint} leaked`);
    for (const w of full.winners) assert.ok(!body.includes(w), `winner wallet ${w} leaked`);

    const llm = await ask('What are smart-money wallets buying?', { format: 'llm' });
    assert.match(llm.json.briefing, /^## smart-money-flow: headlines \(full answer 0\.100 USDC\)/);
    for (const t of full.accumulated_tokens) assert.ok(!llm.json.briefing.includes(t.mint), 'the briefing leaks no token either');
  });

  it('a leg priced at or below query\'s price answers whole: a transaction, exactly as parse-transaction answers it', async () => {
    const { status, json, charged } = await ask(`What happened in ${SIG.TX_SWAP_JUPITER}?`);
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assertMatchesOutputSchema('query', json);
    assert.equal(json.answered_by, 'parse-transaction');
    assert.equal(json.preview, undefined);
    assert.deepEqual(json.answer, await direct('parse-transaction', { signature: SIG.TX_SWAP_JUPITER }));
  });

  it('a bare address is looked up on chain: a mint gets the token analysis, anything else the wallet profile, both whole', async () => {
    const [token, wallet] = await Promise.all([ask(`${A.TOKEN_SAFE}`), ask(`what about ${A.WALLET_RISK_LOW}`)]);
    assert.equal(token.status, 200);
    assert.deepEqual([token.json.answered_by, token.json.route.subject.kind, token.json.answer.symbol], ['enrich-token-light', 'token', 'ROCK']);
    assert.ok(Array.isArray(token.json.answer.slippage), 'the whole light analysis');
    assert.equal(wallet.status, 200);
    assert.deepEqual([wallet.json.answered_by, wallet.json.route.subject.kind, wallet.json.answer.address], ['enrich-wallet-light', 'wallet', A.WALLET_RISK_LOW]);
    assert.ok(Array.isArray(wallet.json.answer.holdings), 'the whole light profile');
    assertMatchesOutputSchema('query', token.json);
    assertMatchesOutputSchema('query', wallet.json);
  });

  it('"should I buy X" chains due-diligence, token-trend and whale-watch, each above query\'s price: headlines and three next steps', async () => {
    const { status, json, charged } = await ask(`Should I buy ${A.TOKEN_RISKY}?`);
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assertMatchesOutputSchema('query', json);
    assert.deepEqual(json.answered_by, ['due-diligence', 'token-trend', 'whale-watch']);
    assert.equal(json.route.mode, 'chain');
    assert.deepEqual(json.answers, {});
    assert.equal(json.previews['due-diligence'].headlines.verdict, 'RISKY');
    assert.equal(json.previews['whale-watch'].headlines.signal, 'distribution');
    assert.equal(json.previews['whale-watch'].headlines.lookback_hours, 24);
    assert.equal(json.previews['token-trend'].headlines.mint, A.TOKEN_RISKY);
    assert.deepEqual(json.next_steps.map((s: Json) => [s.endpoint, s.input]), [
      ['due-diligence', { mint: A.TOKEN_RISKY }], ['token-trend', { mint: A.TOKEN_RISKY }], ['whale-watch', { mint: A.TOKEN_RISKY }],
    ]);
    assert.ok(!JSON.stringify(json).includes('mint authority can still create supply'), 'due-diligence\'s reasons are the full answer');
    assert.ok(!json.caveats.some((c: Json) => c.code === 'leg_not_built' || c.code === 'leg_failed'), JSON.stringify(json.caveats));
  });

  it('a chained leg\'s headlines are the direct call\'s own figures, and its next step buys that full answer', async () => {
    const { json } = await ask(`should i ape ${A.TOKEN_SAFE}`);
    const step = json.next_steps.find((s: Json) => s.endpoint === 'due-diligence');
    const full = await direct(step.endpoint, step.input);
    assert.deepEqual(json.previews['due-diligence'].headlines, readHeadlines('due-diligence', full)!.headlines);
    assert.equal(full.verdict, 'SAFE');
    assert.ok(Array.isArray(full.reasons) && full.token_analysis, 'the full answer is whole');
  });

  it('"wallet deep dive on X" chains the full profile, wallet history and perps positions as headlines', async () => {
    const { status, json } = await ask(`Wallet deep dive on ${A.WALLET_DEFI}`);
    assert.equal(status, 200, JSON.stringify(json));
    assertMatchesOutputSchema('query', json);
    assert.deepEqual(json.answered_by, ['enrich-wallet-full', 'wallet-history', 'perps-trader-profile']);
    assert.equal(json.previews['enrich-wallet-full'].headlines.address, A.WALLET_DEFI);
    assert.equal(json.previews['wallet-history'].headlines.address, A.WALLET_DEFI);
    // WALLET_DEFI holds no perps position: a valid empty profile, not a missing leg.
    const perps = json.previews['perps-trader-profile'].headlines;
    assert.deepEqual([perps.address, perps.open_positions, perps.classification], [A.WALLET_DEFI, 0, null]);
    assert.ok(!json.caveats.some((c: Json) => c.leg === 'perps-trader-profile'));
  });

  it('single routes pass the words through: whale window and risk question', async () => {
    const { json } = await ask(`are whales dumping ${A.TOKEN_RISKY} in the last 48 hours?`);
    assert.equal(json.answered_by, 'whale-watch');
    assert.equal(json.preview.headlines.lookback_hours, 48);
    assert.deepEqual(json.preview.input, { mint: A.TOKEN_RISKY, lookback_hours: 48 });
    const risk = await ask(`is token ${A.TOKEN_CAUTION} a rug?`);
    assert.deepEqual([risk.json.answered_by, risk.json.preview.headlines.verdict], ['due-diligence', 'CAUTION']);
  });

  it('format llm: under the question, each leg\'s paragraph with the call that buys it', async () => {
    const { status, json } = await ask(`Should I buy ${A.TOKEN_CAUTION}?`, { format: 'llm' });
    assert.equal(status, 200);
    assert.match(json.briefing, /^# Should I buy/);
    assert.match(json.briefing, /## due-diligence: headlines \(full answer 0\.020 USDC\)\nDue diligence on MAYBE .*: CAUTION/);
    assert.match(json.briefing, /## whale-watch: headlines \(full answer 0\.008 USDC\)\nWhales of MAYBE/);
    assert.match(json.briefing, /Full answer: `due-diligence` with `\{"mint":"[^"]+"\}`, 0\.020 USDC/);
  });

  it('unroutable: 422 unroutable_question with suggestions, nothing charged', async () => {
    const { status, json, charged } = await ask('how do I bake bread?');
    assert.equal(status, 422);
    assert.equal(json.error.code, 'unroutable_question');
    assert.ok(json.error.suggestions.length >= 5);
    assert.equal(charged, 0n);
    const noSubject = await ask('should I buy this coin?');
    assert.equal(noSubject.status, 422);
    assert.match(noSubject.json.error.message, /names no token mint or wallet address/);
  });

  it('a perp funding-rate question routes to perps-market-structure: its headlines, charged the query price', async () => {
    const { status, json, charged } = await ask('What are perp funding rates right now?');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'perps-market-structure');
    assert.equal(json.preview.headlines.markets, 3, 'SOL, BTC and ETH: BONK is not listed on pool venue A');
    assert.match(json.preview.headlines.as_of, /^\d{4}-/);
    assert.ok(!JSON.stringify(json).includes('borrow_curve'), 'the per-market rates are the full answer');
  });

  it('"what is trending" routes to trending-signals: its sentiment headline, charged the query price', async () => {
    const { status, json, charged } = await ask('what is trending right now?');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'trending-signals');
    assert.ok(['accumulation', 'distribution', 'mixed'].includes(json.preview.headlines.sentiment), JSON.stringify(json.preview.headlines));
  });

  it('"where should I launch" routes to launchpad-launch-intel: headlines and the leg\'s caveats, charged the query price', async () => {
    const { status, json, charged } = await ask('Where should I launch on the launchpad? Show launch intel');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'launchpad-launch-intel');
    // No index refresh has run in this suite: no quote rows yet, and the answer says why.
    assert.equal(json.preview.headlines.quotes, 0);
    assert.ok(json.caveats.some((c: Json) => c.code === 'index_stale'), JSON.stringify(json.caveats));
  });

  it('a chain whose every leg fails answers the first leg\'s error, nothing charged', async () => {
    const { status, json, charged } = await ask(`should I buy ${A.WALLET_RISK_LOW}?`);
    assert.equal(status, 404, JSON.stringify(json));
    assert.equal(json.error.code, 'not_found');
    assert.equal(charged, 0n);
  });
});
