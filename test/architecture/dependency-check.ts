// Runs the project's dependency rules (.dependency-cruiser.cjs, the layering of docs/architecture.md) over a
// tree in-process — the same rules and resolution as `npm run lint:deps` — and says each violation in one line.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The repository root (this file is test/architecture/dependency-check.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The rule set `npm run lint:deps` checks. */
export const projectRules: IConfiguration = createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs'));

/** The names of the project's rules, in the config's order. */
export const ruleNames: string[] = (projectRules.forbidden ?? []).map((rule) => rule.name ?? '(unnamed)');

/** One broken rule: the importing module, the imported one, and for a cycle the modules around it. */
export interface RuleViolation {
  rule: string;
  from: string;
  to: string;
  cycle?: string[];
}

function toRuleViolation(violation: IViolation): RuleViolation {
  const found: RuleViolation = { rule: violation.rule.name, from: violation.from, to: violation.to };
  if (violation.cycle && violation.cycle.length > 0) found.cycle = violation.cycle.map((step) => step.name);
  return found;
}

/**
 * The violations of the project's rules in `paths` (folders or files, relative to `root`). `root` needs a
 * tsconfig.json (so `.js` specifiers resolve to the .ts files) and a package.json (the declared packages).
 */
export async function checkDependencies(root: string, paths: string[]): Promise<RuleViolation[]> {
  const reported = await cruise(
    paths,
    { validate: true, ruleSet: projectRules, baseDir: root },
    {},
    { tsConfig: extractTSConfig(join(root, 'tsconfig.json')) },
  );
  if (typeof reported.output === 'string') throw new Error(`dependency-cruiser answered text, not a result: ${reported.output.slice(0, 200)}`);
  const result: ICruiseResult = reported.output;
  return result.summary.violations.map(toRuleViolation);
}

/** `rule: from → to`, or for a cycle `no-circular: a → b → a`. */
export function describeViolation(violation: RuleViolation): string {
  const path = violation.cycle ? [violation.from, ...violation.cycle] : [violation.from, violation.to];
  return `${violation.rule}: ${path.join(' → ')}`;
}

/** Every violation on its own line under its rule's explanation, for a failing assertion's message. */
export function describeViolations(violations: RuleViolation[]): string {
  const comments = new Map((projectRules.forbidden ?? []).map((rule) => [rule.name, rule.comment]));
  const byRule = new Map<string, RuleViolation[]>();
  for (const violation of violations) byRule.set(violation.rule, [...(byRule.get(violation.rule) ?? []), violation]);
  return [...byRule]
    .map(([rule, found]) => [`${rule} (${found.length}): ${comments.get(rule) ?? ''}`, ...found.map((v) => `  ${describeViolation(v)}`)].join('\n'))
    .join('\n');
}
