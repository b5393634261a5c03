/**
 * Program ids, real mints and the known entities of the sandbox world.
 *
 * Real program ids are used wherever a transaction invokes a real protocol, so the service's own
 * known-program table recognises them. Exchanges, bridges, foundations and protocol treasuries get
 * SANDBOX-SPECIFIC addresses (derived from their names): they are not the real institutions' wallets,
 * and their names say "(sandbox)". Two fake programs exist only here: a documented drainer (the
 * "known risky program") and a transfer-hook program used by a Token-2022 cast mint.
 */
import { USDC_MINT, WSOL_MINT } from '../../lib/solana-mints.js';
import { deriveWallet } from './random.js';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** The real Token-2022 program id (as in spl-token-2022 and src/sandbox/solana/constants.ts). */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
export const RAYDIUM_AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
export const ORCA_WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
export const METEORA_DLMM = 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo';
export const PUMP_AMM = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
export const MAGIC_EDEN_V2 = 'M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K';
export const MARINADE_PROGRAM = 'MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD';
export const SPL_STAKE_POOL_PROGRAM = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';
export const KAMINO_LEND_PROGRAM = 'KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD';
export const DRIFT_PROGRAM = 'dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH';
/** Solend's lending program (the sandbox protocol whose TVL bleeds; see protocols.ts). */
export const SOLEND_PROGRAM = 'So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo';
export const BUBBLEGUM_PROGRAM = 'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY';
export const TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
export const CANDY_MACHINE_V3 = 'CndyV3LdqHUfDLmE5naZjVN8rBZz4tqhdefbAnjHG3JR';
export const SPL_NOOP_PROGRAM = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
export const ACCOUNT_COMPRESSION_PROGRAM = 'cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK';
export const WORMHOLE_TOKEN_BRIDGE = 'wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb';
/** The incinerator: tokens sent here are burned for good (holder kind `burn`). */
export const INCINERATOR = '1nc1nerator11111111111111111111111111111111';

/** A FAKE drainer program that exists only in the sandbox: the world's "known risky program". */
export const SANDBOX_DRAINER_PROGRAM = 'SandboxDrainer11111111111111111111111111111';
/** A fake transfer-hook program used by the Token-2022 cast mint TOLL. */
export const SANDBOX_TRANSFER_HOOK_PROGRAM = 'SandboxHook11111111111111111111111111111111';

/** Programs whose invocation is the wallet-risk factor "interactions with known risky programs". */
export const RISKY_PROGRAMS: readonly { address: string; name: string; reason: string }[] = [
  { address: SANDBOX_DRAINER_PROGRAM, name: 'Sandbox Drainer (fake)', reason: 'sandbox-only wallet drainer: sweeps approved token balances to its collector' },
];

/** Runtime/SPL plumbing every transaction touches; not a protocol a wallet chose. */
export const INFRASTRUCTURE_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  ATA_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  SPL_NOOP_PROGRAM,
  ACCOUNT_COMPRESSION_PROGRAM,
]);

/**
 * Real programs of the DeFi protocols (protocols.ts and the service's protocol directory) that no
 * sandbox transaction invokes: they are program accounts with no activity, not wallets.
 */
const IDLE_PROTOCOL_PROGRAMS: readonly string[] = [
  'JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB', // Jupiter v4
  'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', // Jupiter DCA
  'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu', // Jupiter Perpetuals
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', // Raydium CLMM
  'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C', // Raydium CPMM
  'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY', // Phoenix
  'MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA', // marginfi v2
];

/** Every program id the world invokes or names (wallet() answers these as empty executable accounts). */
export const WORLD_PROGRAMS: ReadonlySet<string> = new Set([
  ...INFRASTRUCTURE_PROGRAMS,
  STAKE_PROGRAM,
  JUPITER_V6,
  RAYDIUM_AMM_V4,
  ORCA_WHIRLPOOL,
  METEORA_DLMM,
  PUMP_AMM,
  MAGIC_EDEN_V2,
  MARINADE_PROGRAM,
  SPL_STAKE_POOL_PROGRAM,
  KAMINO_LEND_PROGRAM,
  DRIFT_PROGRAM,
  SOLEND_PROGRAM,
  BUBBLEGUM_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  CANDY_MACHINE_V3,
  WORMHOLE_TOKEN_BRIDGE,
  SANDBOX_DRAINER_PROGRAM,
  SANDBOX_TRANSFER_HOOK_PROGRAM,
  ...IDLE_PROTOCOL_PROGRAMS,
]);

// Real mints (values mirror mainnet so quotes and holdings can be valued).
export { USDC_MINT };
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export { WSOL_MINT };
export const MSOL_MINT = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
export const JITOSOL_MINT = 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn';
/** Wrapped BTC (Wormhole Portal), 8 decimals: the BTC custody token of the perps pool venues. */
export const WBTC_MINT = '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh';
/** Wrapped ETH (Wormhole Portal), 8 decimals: the ETH custody token of perps pool venue A. */
export const WETH_MINT = '7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs';
/** BONK, 5 decimals: the BONK custody token of perps pool venue B. */
export const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
/**
 * JUP (Jupiter), 6 decimals: a twin of the mainnet token at its real mint, so the documented examples that
 * name JUP (due-diligence, token-trend, compare-tokens, the /docs demo) answer the same subject in the sandbox.
 */
export const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

export type EntityKind = 'cex' | 'protocol' | 'bridge' | 'foundation';

export interface SandboxEntity {
  address: string;
  name: string;
  kind: EntityKind;
}

const sandboxEntity = (name: string, kind: EntityKind): SandboxEntity => ({ address: deriveWallet('entity', name), name: `${name} (sandbox)`, kind });

/** Sandbox-only institutional accounts (derived addresses, not the real institutions' wallets). */
export const ENTITY = {
  binance: sandboxEntity('Binance Hot Wallet', 'cex'),
  coinbase: sandboxEntity('Coinbase Hot Wallet', 'cex'),
  kraken: sandboxEntity('Kraken Hot Wallet', 'cex'),
  okx: sandboxEntity('OKX Hot Wallet', 'cex'),
  bybit: sandboxEntity('Bybit Hot Wallet', 'cex'),
  kucoin: sandboxEntity('KuCoin Hot Wallet', 'cex'),
  gate: sandboxEntity('Gate.io Hot Wallet', 'cex'),
  cryptocom: sandboxEntity('Crypto.com Hot Wallet', 'cex'),
  wormholeCustody: sandboxEntity('Wormhole Token Bridge Custody', 'bridge'),
  debridge: sandboxEntity('deBridge DLN Vault', 'bridge'),
  allbridge: sandboxEntity('Allbridge Core Vault', 'bridge'),
  mayan: sandboxEntity('Mayan Swift Vault', 'bridge'),
  solanaFoundation: sandboxEntity('Solana Foundation', 'foundation'),
  jitoFoundation: sandboxEntity('Jito Foundation', 'foundation'),
  marinadeDao: sandboxEntity('Marinade DAO Treasury', 'foundation'),
  magicEdenTreasury: sandboxEntity('Magic Eden Fee Treasury', 'protocol'),
  marinadeReserve: sandboxEntity('Marinade Reserve', 'protocol'),
  kaminoVault: sandboxEntity('Kamino USDC Reserve Vault', 'protocol'),
  driftInsurance: sandboxEntity('Drift Insurance Fund', 'protocol'),
  jitoTips: sandboxEntity('Jito Tip Account', 'protocol'),
} as const satisfies Record<string, SandboxEntity>;

const programEntity = (address: string, name: string): SandboxEntity => ({ address, name, kind: 'protocol' });

/** Every known entity of the sandbox: 20 sandbox-specific accounts plus the real program ids it invokes. */
export const SANDBOX_ENTITIES: readonly SandboxEntity[] = [
  ...Object.values(ENTITY),
  programEntity(JUPITER_V6, 'Jupiter Aggregator v6'),
  programEntity(RAYDIUM_AMM_V4, 'Raydium AMM v4'),
  programEntity(ORCA_WHIRLPOOL, 'Orca Whirlpool'),
  programEntity(MAGIC_EDEN_V2, 'Magic Eden v2'),
  programEntity(MARINADE_PROGRAM, 'Marinade Finance'),
  programEntity(STAKE_PROGRAM, 'Stake Program'),
  programEntity(SYSTEM_PROGRAM, 'System Program'),
  programEntity(TOKEN_PROGRAM, 'SPL Token Program'),
  programEntity(TOKEN_2022_PROGRAM, 'SPL Token-2022 Program'),
  programEntity(BUBBLEGUM_PROGRAM, 'Metaplex Bubblegum'),
];

export const ENTITY_BY_ADDRESS: ReadonlyMap<string, SandboxEntity> = new Map(SANDBOX_ENTITIES.map((e) => [e.address, e]));
