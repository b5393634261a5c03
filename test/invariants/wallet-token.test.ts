/**
 * Invariants over the wallet, token, transaction and intelligence endpoints: every cast token through the
 * light and full token analyses, whale-watch and due-diligence; every cast wallet through the light and
 * full profiles, wallet-graph and copy-trade-signals; the batch and comparison endpoints over the whole
 * cast; every documented transaction; every protocol; query over a token and a wallet. See harness.ts.
 */
import { WALLET_TOKEN_CHECKS, WALLET_TOKEN_SET_CHECKS } from './checks-wallet-token.js';
import { invariantsSuite, type Call } from './harness.js';
import { CAST_TOKENS, CAST_TRANSACTIONS, CAST_WALLETS, chunks, PROTOCOLS } from './subjects.js';

const names = (xs: { name: string }[]) => xs.map((x) => x.name).join(',');

invariantsSuite({
  title: 'wallet, token and intelligence',
  at: new Date('2026-11-20T12:00:00Z'),
  concurrency: 10,
  calls: () => {
    const calls: Call[] = [];
    for (const tok of CAST_TOKENS) {
      for (const key of ['enrich-token-light', 'enrich-token-full', 'whale-watch', 'due-diligence']) calls.push({ key, body: { mint: tok.address }, subject: tok.name });
    }
    for (const w of CAST_WALLETS) {
      for (const key of ['enrich-wallet-light', 'enrich-wallet-full', 'copy-trade-signals', 'wallet-graph']) calls.push({ key, body: { address: w.address }, subject: w.name });
    }
    for (const tx of CAST_TRANSACTIONS) calls.push({ key: 'parse-transaction', body: { signature: tx.address }, subject: tx.name });
    for (const p of PROTOCOLS) calls.push({ key: 'protocol-profile', body: { protocol: p }, subject: p });
    for (const group of chunks(CAST_TOKENS, 25)) calls.push({ key: 'batch-enrich', body: { type: 'token', addresses: group.map((x) => x.address) }, subject: `tokens ${group.length}` });
    for (const group of chunks(CAST_WALLETS, 25)) calls.push({ key: 'batch-enrich', body: { type: 'wallet', addresses: group.map((x) => x.address) }, subject: `wallets ${group.length}` });
    for (const group of chunks(CAST_TOKENS, 3).filter((g) => g.length >= 2)) calls.push({ key: 'compare-tokens', body: { mints: group.map((x) => x.address) }, subject: names(group) });
    for (const group of chunks(CAST_WALLETS, 3).filter((g) => g.length >= 2)) calls.push({ key: 'compare-wallets', body: { addresses: group.map((x) => x.address) }, subject: names(group) });
    const risky = CAST_TOKENS.find((x) => x.name === 'TOKEN_RISKY')!;
    const trader = CAST_WALLETS.find((x) => x.name === 'WALLET_TRADER_SKILLED')!;
    calls.push({ key: 'query', body: { question: `Should I buy ${risky.address}?` }, subject: risky.name });
    calls.push({ key: 'query', body: { question: `Is ${trader.address} worth copying?` }, subject: trader.name });
    return calls;
  },
  checks: WALLET_TOKEN_CHECKS,
  setChecks: WALLET_TOKEN_SET_CHECKS,
});
