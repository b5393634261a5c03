/**
 * The judge of the payment attack suite. Every attack runs through `attempt`, which reads the payer's
 * on-chain balance before and after and checks the three invariants whatever the attack was:
 *  - never served unpaid: every 2xx carries a settlement receipt (`PAYMENT-RESPONSE`);
 *  - never charged for a failure: a refusal carries no receipt, and no 5xx;
 *  - never charged twice: the balance moved by exactly price × answers served.
 * An attack may add its own expectation (say, "refused as payment_replayed"). Violations are tallied
 * by kind so the suite can print "attacks tried N, wrong outcomes 0".
 */
export interface Observed {
  status: number;
  /** `error` of the JSON body: a string on 402s, `error.code` on other errors. */
  code?: string;
  receipt: boolean;
  text: string;
}

export async function observe(res: Response): Promise<Observed> {
  const text = await res.text();
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: string | { code?: string } };
    code = typeof body.error === 'string' ? body.error : body.error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, receipt: res.headers.get('payment-response') !== null, text };
}

/** What an attack expects beyond the invariants; returns a problem description, or undefined. */
export type Expectation = (seen: Observed[]) => string | undefined;

/** Every response a refusal (4xx without receipt), optionally with one of the given codes. */
export function refused(...codes: string[]): Expectation {
  return (seen) => {
    const bad = seen.filter((o) => o.status < 400 || o.status >= 500 || (codes.length > 0 && !codes.includes(o.code ?? '')));
    return bad.length ? `expected refusals${codes.length ? ` (${codes.join('|')})` : ''}, got ${bad.map((o) => `${o.status} ${o.code ?? ''}`).join(', ')}` : undefined;
  };
}

/** Every response a 503 `settlement_unconfirmed`: the settlement's outcome is unknown, no data, no receipt. */
export function unconfirmed(): Expectation {
  return (seen) => {
    const bad = seen.filter((o) => o.status !== 503 || o.code !== 'settlement_unconfirmed');
    return bad.length ? `expected settlement_unconfirmed, got ${bad.map((o) => `${o.status} ${o.code ?? ''}`).join(', ')}` : undefined;
  };
}

/** Exactly `n` answers served; every other response a refusal with one of the codes. */
export function served(n: number, ...codes: string[]): Expectation {
  return (seen) => {
    const ok = seen.filter((o) => o.status === 200).length;
    if (ok !== n) return `expected ${n} answer(s), got ${ok}: ${seen.map((o) => `${o.status} ${o.code ?? ''}`).join(', ')}`;
    return refused(...codes)(seen.filter((o) => o.status !== 200));
  };
}

export class AttackLedger {
  readonly tried = new Map<string, number>();
  readonly wrong: string[] = [];
  /** HTTP requests the attacks sent. */
  requests = 0;

  /**
   * Runs one attack (which may send several requests) and judges it. `price` is in atomic USDC;
   * `balance` reads the attacking payer's balance. Returns the problems found (empty when right).
   */
  async attempt(
    kind: string, price: bigint, balance: () => Promise<bigint>, run: () => Promise<Response[]>, expect?: Expectation,
  ): Promise<string[]> {
    const before = await balance();
    const seen = await Promise.all((await run()).map(observe));
    this.requests += seen.length;
    const after = await balance();
    const problems: string[] = [];
    for (const o of seen) {
      if (o.status >= 200 && o.status < 300 && !o.receipt) problems.push(`served unpaid: ${o.status} without a receipt`);
      if ((o.status < 200 || o.status >= 300) && o.receipt) problems.push(`receipt on a ${o.status}`);
      // 503 settlement_unconfirmed is an answer, not an error: the outcome is unknown and said so (docs/payments.md).
      if (o.status >= 500 && o.code !== 'settlement_unconfirmed') problems.push(`server error ${o.status}: ${o.text.slice(0, 200)}`);
    }
    const answers = BigInt(seen.filter((o) => o.status >= 200 && o.status < 300).length);
    if (before - after !== price * answers) problems.push(`charged ${before - after} for ${answers} answer(s) at ${price}`);
    const extra = expect?.(seen);
    if (extra) problems.push(extra);
    this.tried.set(kind, (this.tried.get(kind) ?? 0) + 1);
    for (const p of problems) this.wrong.push(`${kind}: ${p}`);
    return problems;
  }

  total(): number {
    let n = 0;
    for (const v of this.tried.values()) n += v;
    return n;
  }
}
