/**
 * The subjects the documents use as examples. The documents import no sandbox (docs/architecture.md):
 * the demo address is a public mainnet constant, and the sandbox cast /docs lists is handed in as data by
 * start-up wiring (src/service.ts).
 */

/**
 * The JUP (Jupiter) mint: a token on mainnet and, as a twin at the same mint, in the sandbox, so the demo
 * example gets the light token analysis in both modes (test/docs/docs.test.ts checks the sandbox twin).
 */
export const DEMO_ADDRESS = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

export type CastMemberKind = 'token' | 'wallet' | 'program' | 'transaction';

/** One named sandbox address, as /docs lists it. */
interface CastMember {
  kind: CastMemberKind;
  /** The address (for transactions: the signature). */
  address: string;
  /** The class of answer it shows. */
  class: string;
}

/** What the documents show to try the service on, handed in by start-up wiring. */
export interface DocExamples {
  /** The sandbox's named addresses, each designed to show one class of answer (docs/sandbox-cast.md). */
  sandboxCast: Readonly<Record<string, CastMember>>;
}
