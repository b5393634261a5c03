/**
 * The major Solana protocols `protocol-profile` knows by slug: slug ↔ name ↔ program ids. The slug is
 * the protocol's DefiLlama slug (`/protocol/{slug}`, and the prefix of its yield pools' `project`,
 * e.g. "kamino" → "kamino-lend"); the program ids are the protocols' published ones (the same as
 * src/analytics/known-programs.ts, plus Solend). A slug outside this table is still looked up at
 * DefiLlama (TVL and yields, no on-chain part); a program id outside it gets the on-chain part only.
 *
 * Resolution of the `protocol` input (what `crossFieldCheck` and the handler both use):
 *  - a valid Solana address (32–44 base58 characters decoding to 32 bytes) is a program id;
 *  - otherwise, lower-cased, it must be a DefiLlama slug (`isValidSlug`: [a-z0-9-.], not "." or "..");
 *  - anything else is invalid input — nothing is sent upstream, and the caller is not charged.
 */
import { isAddress } from '@solana/kit';
import type { InputIssue } from '../../../errors/api-error.js';
import { isValidSlug } from '../../../sources/defillama.js';

export interface DirectoryProtocol {
  slug: string;
  name: string;
  programIds: readonly string[];
  /** Why the on-chain part may include other parties' activity (e.g. a program shared by many pools). */
  note?: string;
}

const PROTOCOL_DIRECTORY: readonly DirectoryProtocol[] = [
  { slug: 'jupiter', name: 'Jupiter', programIds: ['JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', 'JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB', 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', 'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu'] },
  { slug: 'raydium', name: 'Raydium', programIds: ['675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'] },
  { slug: 'orca', name: 'Orca', programIds: ['whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'] },
  { slug: 'meteora', name: 'Meteora', programIds: ['LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo'] },
  { slug: 'phoenix', name: 'Phoenix', programIds: ['PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY'] },
  { slug: 'kamino', name: 'Kamino', programIds: ['KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD'] },
  { slug: 'marginfi', name: 'marginfi', programIds: ['MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA'] },
  { slug: 'solend', name: 'Solend', programIds: ['So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo'] },
  { slug: 'drift', name: 'Drift', programIds: ['dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH'] },
  { slug: 'marinade', name: 'Marinade', programIds: ['MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD'] },
  {
    slug: 'jito', name: 'Jito', programIds: ['SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy'],
    note: 'Jito runs on the shared SPL stake-pool program: its on-chain activity includes other stake pools.',
  },
];

export const SUPPORTED_SLUGS: readonly string[] = PROTOCOL_DIRECTORY.map((p) => p.slug);

const BY_SLUG = new Map(PROTOCOL_DIRECTORY.map((p) => [p.slug, p]));
const BY_PROGRAM = new Map(PROTOCOL_DIRECTORY.flatMap((p) => p.programIds.map((id) => [id, p] as const)));

export type ProtocolTarget =
  | { kind: 'slug'; slug: string; entry: DirectoryProtocol | null }
  | { kind: 'program'; programId: string; entry: DirectoryProtocol | null };

/** What the `protocol` input names, or null when it is neither a program id nor a slug. */
export function resolveProtocol(input: string): ProtocolTarget | null {
  if (isAddress(input)) return { kind: 'program', programId: input, entry: BY_PROGRAM.get(input) ?? null };
  const slug = input.toLowerCase();
  if (!isValidSlug(slug)) return null;
  return { kind: 'slug', slug, entry: BY_SLUG.get(slug) ?? null };
}

/** The endpoint's cross-field rule: refused before payment is settled and before any upstream call. */
export function protocolInputIssues(input: { protocol: string }): InputIssue[] {
  if (resolveProtocol(input.protocol)) return [];
  return [{
    path: '/protocol',
    message: `must be a protocol slug (letters, digits, "-" and ".", e.g. ${SUPPORTED_SLUGS.slice(0, 3).join(', ')}) or a base58 program id`,
  }];
}
