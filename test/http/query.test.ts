/**
 * `query` through paid calls: chains run their legs and keep the unbuilt ones as caveats, single routes
 * answer exactly as the endpoint they reach, addresses of unstated kind are resolved on chain, and every
 * question that cannot be answered is refused without charge.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
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

  it('"should I buy X" chains due-diligence, token-trend and whale-watch; the unbuilt leg is a caveat', async () => {
    const { status, json, charged } = await ask(`Should I buy ${A.TOKEN_RISKY}?`);
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assertMatchesOutputSchema('query', json);
    assert.deepEqual(json.answered_by, ['due-diligence', 'token-trend', 'whale-watch']);
    assert.equal(json.route.mode, 'chain');
    assert.equal(json.answers['due-diligence'].verdict, 'RISKY');
    assert.equal(json.answers['whale-watch'].summary.signal, 'distribution');
    assert.equal(json.answers['token-trend'].mint, A.TOKEN_RISKY);
    assert.ok(!json.caveats.some((c: Json) => c.code === 'leg_not_built' || c.code === 'leg_failed'), JSON.stringify(json.caveats));
  });

  it('a chained answer equals the direct call of each leg', async () => {
    const { json } = await ask(`should i ape ${A.TOKEN_SAFE}`);
    const direct = await paidInvoke(await newPayer(service, 'base'), service, 'due-diligence', { mint: A.TOKEN_SAFE });
    const d = await direct.json();
    const { caveats: _c, next_steps: _n, meta: _m, ...data } = d;
    assert.deepEqual(json.answers['due-diligence'], data);
  });

  it('"wallet deep dive on X" chains the full profile, wallet history and perps positions', async () => {
    const { status, json } = await ask(`Wallet deep dive on ${A.WALLET_DEFI}`);
    assert.equal(status, 200, JSON.stringify(json));
    assert.deepEqual(json.answered_by, ['enrich-wallet-full', 'wallet-history', 'perps-trader-profile']);
    assert.equal(json.answers['enrich-wallet-full'].address, A.WALLET_DEFI);
    assert.equal(json.answers['wallet-history'].address, A.WALLET_DEFI);
    // WALLET_DEFI holds no perps position: a valid empty profile, not a missing leg.
    assert.deepEqual([json.answers['perps-trader-profile'].address, json.answers['perps-trader-profile'].positions, json.answers['perps-trader-profile'].classification], [A.WALLET_DEFI, [], null]);
    assert.ok(!json.caveats.some((c: Json) => c.leg === 'perps-trader-profile'));
  });

  it('a bare address is looked up on chain: a mint gets the token analysis, anything else the wallet profile', async () => {
    const [token, wallet] = await Promise.all([ask(`${A.TOKEN_SAFE}`), ask(`what about ${A.WALLET_RISK_LOW}`)]);
    assert.equal(token.status, 200);
    assert.deepEqual([token.json.answered_by, token.json.route.subject.kind, token.json.answer.symbol], ['enrich-token-light', 'token', 'ROCK']);
    assert.equal(wallet.status, 200);
    assert.deepEqual([wallet.json.answered_by, wallet.json.route.subject.kind, wallet.json.answer.address], ['enrich-wallet-light', 'wallet', A.WALLET_RISK_LOW]);
    assertMatchesOutputSchema('query', token.json);
  });

  it('single routes pass the words through: whale window and risk question', async () => {
    const { json } = await ask(`are whales dumping ${A.TOKEN_RISKY} in the last 48 hours?`);
    assert.equal(json.answered_by, 'whale-watch');
    assert.equal(json.answer.window.lookback_hours, 48);
    const risk = await ask(`is token ${A.TOKEN_CAUTION} a rug?`);
    assert.deepEqual([risk.json.answered_by, risk.json.answer.verdict], ['due-diligence', 'CAUTION']);
  });

  it('format llm: one briefing made of the legs\' own briefings', async () => {
    const { status, json } = await ask(`Should I buy ${A.TOKEN_CAUTION}?`, { format: 'llm' });
    assert.equal(status, 200);
    assert.match(json.briefing, /^# Should I buy/);
    assert.match(json.briefing, /Due diligence MAYBE .*\*\*CAUTION\*\*/);
    assert.match(json.briefing, /Whale watch MAYBE/);
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

  it('a perp funding-rate question routes to perps-market-structure: pool venue A\'s markets, charged the query price', async () => {
    const { status, json, charged } = await ask('What are perp funding rates right now?');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'perps-market-structure');
    assert.deepEqual(json.answer.markets.map((m: Json) => m.asset), ['SOL', 'BTC', 'ETH'], 'BONK is not listed on pool venue A');
  });

  it('"what is trending" routes to trending-signals, charged the query price', async () => {
    const { status, json, charged } = await ask('what is trending right now?');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'trending-signals');
    assert.ok(['accumulation', 'distribution', 'mixed'].includes(json.answer.sentiment.sentiment), JSON.stringify(json.answer.sentiment));
  });

  it('"where should I launch" routes to launchpad-launch-intel, charged the query price', async () => {
    const { status, json, charged } = await ask('Where should I launch on the launchpad? Show launch intel');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(charged, 3000n);
    assert.equal(json.answered_by, 'launchpad-launch-intel');
    // No index refresh has run in this suite: no quote rows yet, and the answer says why.
    assert.deepEqual(json.answer.rows, []);
    assert.ok(json.caveats.some((c: Json) => c.code === 'index_stale'), JSON.stringify(json.caveats));
  });

  it('a chain whose every leg fails answers the first leg\'s error, nothing charged', async () => {
    const { status, json, charged } = await ask(`should I buy ${A.WALLET_RISK_LOW}?`);
    assert.equal(status, 404, JSON.stringify(json));
    assert.equal(json.error.code, 'not_found');
    assert.equal(charged, 0n);
  });
});
