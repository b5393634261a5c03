/**
 * Known Solana program ids, used to name the protocol a transaction touched and to count a wallet's
 * distinct protocols. Only ids whose attribution is certain are listed (core runtime and SPL
 * programs, and the major protocols' published program ids).
 *
 * `protocol` groups several programs of one protocol (Jupiter v4 and v6 are one protocol), so
 * "distinct protocols" is not inflated by version upgrades. `infrastructure` marks programs every
 * transaction uses (System, Token, ATA, Compute Budget, Memo): they are not protocols a wallet
 * "chose", so they do not count towards protocol diversity and are named as a transaction's
 * protocol only when nothing else was invoked.
 *
 * Note: the Token-2022 program id is TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb (as in
 * spl-token-2022 and src/sandbox/solana/constants.ts).
 */

export type ProgramCategory =
  | 'infrastructure'
  | 'dex'
  | 'aggregator'
  | 'nft'
  | 'staking'
  | 'bridge'
  | 'lending'
  | 'launchpad';

export interface KnownProgram {
  programId: string;
  name: string;
  /** Protocol grouping: programs of one protocol share it. */
  protocol: string;
  category: ProgramCategory;
  infrastructure: boolean;
}

function p(programId: string, name: string, protocol: string, category: ProgramCategory): KnownProgram {
  return { programId, name, protocol, category, infrastructure: category === 'infrastructure' };
}

export const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
export const RAYDIUM_AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
export const ORCA_WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
export const BUBBLEGUM_PROGRAM = 'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY';
export const MAGIC_EDEN_V2 = 'M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K';
export const MARINADE_PROGRAM = 'MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD';
export const WORMHOLE_CORE = 'worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth';
export const WORMHOLE_TOKEN_BRIDGE = 'wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb';
export const PUMP_FUN = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';

export const KNOWN_PROGRAM_LIST: readonly KnownProgram[] = [
  // Runtime and SPL infrastructure.
  p(SYSTEM_PROGRAM, 'System Program', 'System', 'infrastructure'),
  p(TOKEN_PROGRAM, 'SPL Token', 'SPL Token', 'infrastructure'),
  p(TOKEN_2022_PROGRAM, 'SPL Token-2022', 'SPL Token', 'infrastructure'),
  p(ATA_PROGRAM, 'Associated Token Account', 'SPL Token', 'infrastructure'),
  p(COMPUTE_BUDGET_PROGRAM, 'Compute Budget', 'System', 'infrastructure'),
  p(MEMO_PROGRAM, 'Memo', 'System', 'infrastructure'),
  p(STAKE_PROGRAM, 'Stake Program', 'Native Staking', 'staking'),
  // Protocols.
  p(JUPITER_V6, 'Jupiter Aggregator v6', 'Jupiter', 'aggregator'),
  p('JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB', 'Jupiter Aggregator v4', 'Jupiter', 'aggregator'),
  p('DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', 'Jupiter DCA', 'Jupiter', 'aggregator'),
  p('PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu', 'Jupiter Perpetuals', 'Jupiter', 'dex'),
  p(RAYDIUM_AMM_V4, 'Raydium AMM v4', 'Raydium', 'dex'),
  p('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', 'Raydium CLMM', 'Raydium', 'dex'),
  p('CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C', 'Raydium CPMM', 'Raydium', 'dex'),
  p(ORCA_WHIRLPOOL, 'Orca Whirlpool', 'Orca', 'dex'),
  p('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', 'Meteora DLMM', 'Meteora', 'dex'),
  p('PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY', 'Phoenix', 'Phoenix', 'dex'),
  p(PUMP_FUN, 'Pump.fun', 'Pump.fun', 'launchpad'),
  p(TOKEN_METADATA_PROGRAM, 'Metaplex Token Metadata', 'Metaplex', 'nft'),
  p(BUBBLEGUM_PROGRAM, 'Metaplex Bubblegum', 'Metaplex', 'nft'),
  p(MAGIC_EDEN_V2, 'Magic Eden v2', 'Magic Eden', 'nft'),
  p('TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN', 'Tensor Swap', 'Tensor', 'nft'),
  p(MARINADE_PROGRAM, 'Marinade Liquid Staking', 'Marinade', 'staking'),
  p('SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy', 'SPL Stake Pool', 'SPL Stake Pool', 'staking'),
  p('KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD', 'Kamino Lending', 'Kamino', 'lending'),
  p('MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA', 'marginfi v2', 'marginfi', 'lending'),
  p('dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH', 'Drift v2', 'Drift', 'dex'),
  p(WORMHOLE_CORE, 'Wormhole Core Bridge', 'Wormhole', 'bridge'),
  p(WORMHOLE_TOKEN_BRIDGE, 'Wormhole Token Bridge', 'Wormhole', 'bridge'),
  p('src5qyZHqTqecJV4aY6Cb6zDZLMDzrDKKezs22MPHr4', 'deBridge DLN Source', 'deBridge', 'bridge'),
  p('dst5MGcFPoBeREFAA5E3tU5ij8m5uVYwkzkSAbsLbNo', 'deBridge DLN Destination', 'deBridge', 'bridge'),
];

export const KNOWN_PROGRAMS: ReadonlyMap<string, KnownProgram> = new Map(KNOWN_PROGRAM_LIST.map((k) => [k.programId, k]));

/** The known program for `programId`, or null. */
export function knownProgram(programId: string): KnownProgram | null {
  return KNOWN_PROGRAMS.get(programId) ?? null;
}

/** True for runtime/SPL plumbing that every transaction touches. */
export function isInfrastructureProgram(programId: string): boolean {
  return KNOWN_PROGRAMS.get(programId)?.infrastructure === true;
}
