/**
 * Solana settlement lookup. The transaction id is the fee payer's signature over the message, the fee
 * payer is our facilitator, and ed25519 signatures are deterministic: with the facilitator's key we
 * recompute the id the settlement would have, then poll `getSignatureStatuses` for it. Landed without
 * an error → the payer's transfer (verified before the handler ran, part of that very message) was made.
 *
 * Needs the facilitator's key, so it exists only for the in-process facilitator; with a remote one
 * (FACILITATOR_URL) there is no Solana lookup and a lost settle answer is withheld as before.
 */
import { getBase58Decoder, getBase64Encoder, getTransactionDecoder, signBytes, type KeyPairSigner } from '@solana/kit';
import { setTimeout as delay } from 'node:timers/promises';
import { type JsonRpc, type PollBound, type SettlementLookup } from './settlement-lookup.js';

/**
 * The id the settlement transaction of this payment has once the facilitator signs it as fee payer,
 * or undefined when the payload is not a transaction whose fee payer (first signer) is `feePayer`.
 */
export async function expectedSettlementId(transaction: unknown, feePayer: KeyPairSigner): Promise<string | undefined> {
  if (typeof transaction !== 'string') return undefined;
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  const signers = Object.keys(tx.signatures);
  if (signers[0] !== feePayer.address) return undefined;
  // The same bytes the facilitator's signer signs (the wire message), with the same key.
  return getBase58Decoder().decode(await signBytes(feePayer.keyPair.privateKey, tx.messageBytes));
}

interface SignatureStatus {
  err: unknown;
  confirmationStatus?: string | null;
}

export interface SvmLookupOptions {
  rpc: JsonRpc;
  feePayer: KeyPairSigner;
  bound?: PollBound;
}

export function svmSettlementLookup({ rpc, feePayer, bound = { polls: 8, intervalMs: 500 } }: SvmLookupOptions): SettlementLookup {
  return {
    // The id does not depend on when settle began: nothing to note.
    async mark() {
      return { at: Date.now() };
    },
    async find(target) {
      const id = await expectedSettlementId(target.payload.transaction, feePayer).catch(() => undefined);
      if (!id) return undefined;
      for (let poll = 0; poll <= bound.polls; poll++) {
        if (poll > 0) await delay(bound.intervalMs);
        const result = (await rpc('getSignatureStatuses', [[id], { searchTransactionHistory: true }])) as { value?: (SignatureStatus | null)[] };
        const status = result?.value?.[0];
        if (!status) continue;
        // Landed but failed: the transfer did not happen, and never will under this id.
        if (status.err) return undefined;
        if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { transaction: id };
      }
      return undefined;
    },
  };
}
