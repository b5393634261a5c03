/**
 * The sandbox's only departures from a real chain's state, all of them writes outside any transaction
 * (genesis-like), because nobody can airdrop or buy USDC on a loopback chain:
 * - the USDC mint exists at mainnet's address (6 decimals, mainnet's authorities), its supply counting what
 *   the faucet handed out;
 * - "a wallet is funded with 100 sandbox USDC the first time it is seen": an owner that has no USDC account
 *   yet gets its associated token account holding `fundAmount`. Owners whose account already exists (even at
 *   zero, e.g. one created by receiving a payment) are never topped up, so balances stay auditable;
 * - a fee payer (the facilitator) gets SOL the first time it pays for a transaction;
 * - a payee's USDC account exists at zero by the time a transfer to it runs (merchants create theirs before
 *   they are paid; here nobody can), unless the transaction creates it itself (then its payer pays the rent).
 * Every transfer, fee and rent payment after that is the runtime's.
 */
import { deriveAta, decodeTokenAccount, encodeMint, encodeTokenAccount, mintSupply, withMintSupply, type TokenAccountState } from './accounts.js';
import { FEE_PAYER_AIRDROP_LAMPORTS, MINT_SIZE, SYSTEM_PROGRAM, TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM, USDC_MINT } from './constants.js';
import type { SvmRuntime } from './runtime.js';

export class Faucet {
  /** owner → USDC ATA memo (a derivation is a few sha256s), and the reverse, to name a payee's account's owner. */
  private readonly ataByOwner = new Map<string, string>();
  private readonly ownerByAta = new Map<string, string>();
  /** Accounts written so far: the bank compares it to know whether first-sight state changed anything. */
  writes = 0;

  constructor(
    private readonly runtime: SvmRuntime,
    private readonly fundAmount: bigint,
  ) {
    runtime.setAccount(USDC_MINT, { lamports: runtime.rentExemptMinimum(MINT_SIZE), data: encodeMint(0n), owner: TOKEN_PROGRAM });
  }

  /**
   * The owner's USDC ATA address. The first time an owner is named, an account created for it before (as a
   * payee, when its owner was not known yet) gets its owner written in: the address proves who owns it.
   */
  usdcAta(owner: string): string {
    const known = this.ataByOwner.get(owner);
    if (known) return known;
    const ata = deriveAta(owner, USDC_MINT, TOKEN_PROGRAM);
    this.ataByOwner.set(owner, ata);
    this.ownerByAta.set(ata, owner);
    const account = this.tokenAccount(ata);
    if (account && account.owner === SYSTEM_PROGRAM) this.writeTokenAccount(ata, { ...account, owner }, this.runtime.lamports(ata));
    return ata;
  }

  /** The USDC token account at `address`, or null. */
  tokenAccount(address: string): TokenAccountState | null {
    const account = this.runtime.account(address);
    if (!account || account.owner !== TOKEN_PROGRAM) return null;
    const state = decodeTokenAccount(account.data);
    return state && state.mint === USDC_MINT ? state : null;
  }

  /** First sight: an owner without a USDC account gets one holding `fundAmount`, minted. */
  ensureFunded(owner: string): string {
    const ata = this.usdcAta(owner);
    if (!this.runtime.account(ata)) {
      this.writeTokenAccount(ata, { mint: USDC_MINT, owner, amount: this.fundAmount });
      const mint = this.runtime.account(USDC_MINT)!;
      this.writes++;
      this.runtime.setAccount(USDC_MINT, { ...mint, data: withMintSupply(mint.data, mintSupply(mint.data) + this.fundAmount) });
    }
    return ata;
  }

  /** A fee payer (the facilitator) gets SOL the first time it is seen, so it can pay transaction fees. */
  ensureFeePayer(address: string): void {
    if (this.runtime.lamports(address) === 0n) {
      this.writes++;
      this.runtime.setAccount(address, { lamports: FEE_PAYER_AIRDROP_LAMPORTS, data: new Uint8Array(), owner: SYSTEM_PROGRAM });
    }
  }

  /**
   * A payee's USDC account at zero, if nothing lives at `address` yet. Its owner is written in when known (the
   * owner was named before), else later by `usdcAta` (an ATA address cannot be reversed to its owner).
   */
  ensureReceivingAccount(address: string): void {
    if (this.runtime.account(address)) return;
    this.writeTokenAccount(address, { mint: USDC_MINT, owner: this.ownerByAta.get(address) ?? SYSTEM_PROGRAM, amount: 0n });
  }

  usdcBalance(owner: string): bigint {
    return this.tokenAccount(this.ensureFunded(owner))?.amount ?? 0n;
  }

  /** The owner's USDC balance without the first-sight funding: 0n while the owner has no USDC account. */
  peekUsdcBalance(owner: string): bigint {
    return this.tokenAccount(this.usdcAta(owner))?.amount ?? 0n;
  }

  supply(): bigint {
    const mint = this.runtime.account(USDC_MINT);
    return mint ? mintSupply(mint.data) : 0n;
  }

  private writeTokenAccount(address: string, state: TokenAccountState, lamports = this.runtime.rentExemptMinimum(TOKEN_ACCOUNT_SIZE)): void {
    this.writes++;
    this.runtime.setAccount(address, {
      lamports,
      data: encodeTokenAccount(state),
      owner: TOKEN_PROGRAM,
    });
  }
}
