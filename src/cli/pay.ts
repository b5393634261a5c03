/**
 * `npm run pay -- <key> '<json input>' [--network solana|base] [--url URL]`
 *
 * Pays a running server (default http://127.0.0.1:8402) with a locally generated sandbox wallet
 * through the official x402 v2 client (`@x402/fetch`), then prints the result and the settlement
 * receipt. The wallet is kept in ./data/pay-cli-wallet.json so repeated runs spend from one balance
 * (the sandbox funds a new wallet with 100 USDC on first sight). Sandbox only: it reads the chain
 * RPC URLs from the server's /status.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';

interface Args {
  key: string;
  input: unknown;
  network: 'solana' | 'base';
  url: string;
  wallet: string;
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run pay -- <endpoint-key> '<json input>' [--network solana|base] [--url http://127.0.0.1:8402]`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  let network: Args['network'] = 'solana';
  let url = process.env.API_URL ?? 'http://127.0.0.1:8402';
  let wallet = process.env.PAY_WALLET_FILE ?? './data/pay-cli-wallet.json';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--network') {
      const value = argv[++i];
      if (value !== 'solana' && value !== 'base') usage('--network must be solana or base');
      network = value;
    } else if (arg === '--url') url = argv[++i] ?? usage('--url needs a value');
    else if (arg === '--wallet') wallet = argv[++i] ?? usage('--wallet needs a value');
    else positional.push(arg);
  }
  const [key, json = '{}'] = positional;
  if (!key) usage('missing endpoint key');
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch {
    usage(`input is not valid JSON: ${json}`);
  }
  return { key, input, network, url: url.replace(/\/$/, ''), wallet };
}

interface Wallet {
  evmPrivateKey: Hex;
  solanaSeedHex: string;
}

function loadWallet(file: string): Wallet {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Wallet;
  const wallet: Wallet = { evmPrivateKey: generatePrivateKey(), solanaSeedHex: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex') };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(wallet, null, 2), { mode: 0o600 });
  return wallet;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const status = (await (await fetch(`${args.url}/status`)).json()) as { sandbox?: { solana_rpc_url: string; base_rpc_url: string } };
  if (!status.sandbox) usage(`${args.url} is not running on the sandbox chain; this CLI pays with sandbox wallets only`);
  const wallet = loadWallet(args.wallet);
  const client = new x402Client();
  let payer: string;
  if (args.network === 'base') {
    const account = privateKeyToAccount(wallet.evmPrivateKey);
    client.register('eip155:*', new ExactEvmScheme(account));
    payer = account.address;
  } else {
    const signer = await createKeyPairSignerFromPrivateKeyBytes(Buffer.from(wallet.solanaSeedHex, 'hex'));
    client.register('solana:*', new ExactSvmScheme(signer, { rpcUrl: status.sandbox.solana_rpc_url }));
    payer = signer.address;
  }
  const pay = wrapFetchWithPayment(fetch, client);
  const res = await pay(`${args.url}/entrypoints/${args.key}/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args.input),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: print as is
  }
  const receiptHeader = res.headers.get('payment-response');
  console.log(JSON.stringify({
    status: res.status,
    payer: { network: args.network, address: payer },
    receipt: receiptHeader ? decodePaymentResponseHeader(receiptHeader) : null,
    body,
  }, null, 2));
  if (!res.ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
