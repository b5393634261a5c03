/**
 * Pricing rules for endpoints whose answer can legitimately cost less than their price (x402 `upto`,
 * `EndpointDefinition.pricing`). The rules are pure functions of the handler's result, so the same answer
 * always costs the same, and they round in the payer's favour.
 */
import type { HandlerResult, UptoPricing } from './types.js';

/** `maxAtomic × part ÷ whole`, rounded down to the atomic unit (1e-6 USDC): the payer never pays a fraction up. */
export function proportionalCharge(maxAtomic: bigint, part: number, whole: number): bigint {
  if (!Number.isInteger(part) || !Number.isInteger(whole) || whole <= 0 || part <= 0) return 0n;
  if (part >= whole) return maxAtomic;
  return (maxAtomic * BigInt(part)) / BigInt(whole);
}

/** The items of a batch answer (`data.items`, each `{ok: boolean}`): how many there are and how many were answered. */
export function itemsAnswered(result: HandlerResult): { answered: number; items: number } {
  const items = result.data.items;
  if (!Array.isArray(items)) return { answered: 0, items: 0 };
  const answered = items.filter((item) => typeof item === 'object' && item !== null && (item as { ok?: unknown }).ok === true).length;
  return { answered, items: items.length };
}

/**
 * Charged per item answered: the price × answered items ÷ items, rounded down to the atomic unit. An item
 * that failed or was not found is free; an answer with no item answered settles nothing.
 */
export function chargedPerItemAnswered(price: string, itemWord: string): UptoPricing {
  return {
    kind: 'upto',
    charge: (result, maxAtomic) => {
      const { answered, items } = itemsAnswered(result);
      return proportionalCharge(maxAtomic, answered, items);
    },
    rule:
      `Paid with the x402 \`upto\` scheme (v2), ${price} USDC is the maximum and the call is charged ${price} × ${itemWord}s answered ÷ ` +
      `${itemWord}s in the answer, rounded down to the atomic unit (0.000001 USDC): a failed or not-found ${itemWord} is free and an ` +
      `answer with none answered is not charged. Paid with \`exact\` (x402 v2 or v1) or by card, the price is ${price} flat.`,
  };
}
