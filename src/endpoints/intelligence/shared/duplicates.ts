/**
 * The cross-field rule of compare-tokens and compare-wallets: each address once. Comparing a token with
 * itself is a caller mistake, refused as invalid_input before anything is charged (batch-enrich instead
 * answers duplicates once: a long list with a repeat is ordinary there).
 */
import type { InputIssue } from '../../../errors/api-error.js';

export function duplicateIssues(addresses: readonly string[], path: string, what: string): InputIssue[] {
  const first = new Map<string, number>();
  const issues: InputIssue[] = [];
  addresses.forEach((a, i) => {
    const seen = first.get(a);
    if (seen === undefined) first.set(a, i);
    else issues.push({ path: `${path}/${i}`, message: `duplicate of ${path}/${seen}: each ${what} may appear once` });
  });
  return issues;
}
