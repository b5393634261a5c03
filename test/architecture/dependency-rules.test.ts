// The import rules of docs/architecture.md ('Layout'), as `npm run lint:deps` checks them (.dependency-cruiser.cjs):
// first the project itself must break none; then the rules are tested on small trees in a temporary folder:
// a tree laid out like src/ in which every layer imports only what it may passes, and the same tree with one
// wrong import per rule makes exactly those rules fire, on exactly those imports.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT, checkDependencies, describeViolation, describeViolations, ruleNames, type RuleViolation } from './dependency-check.js';

describe('dependency rules: the project', () => {
  it('src/, bench/ and scripts/ break no rule (no cycle, every layer imports only the layers below it)', async () => {
    const violations = await checkDependencies(REPO_ROOT, ['src', 'bench', 'scripts']);
    assert.equal(violations.length, 0, `${violations.length} violations:\n${describeViolations(violations)}`);
  });
});

/** Side-effect imports are enough: the rules look at the import, not at what is used. */
const importing = (...specifiers: string[]): string => `${specifiers.map((s) => `import '${s}';`).join('\n')}\nexport const here = 1;\n`;

/** A tree laid out like src/ where every import is allowed. */
const CLEAN_TREE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true }, include: ['src', 'bench', 'scripts'] }),
  'package.json': JSON.stringify({ name: 'layered-tree', private: true, type: 'module', dependencies: { 'declared-pkg': '1.0.0' }, devDependencies: { 'dev-tool': '1.0.0' } }),
  'node_modules/declared-pkg/package.json': JSON.stringify({ name: 'declared-pkg', version: '1.0.0', main: 'index.js' }),
  'node_modules/declared-pkg/index.js': 'module.exports = 1;\n',
  'node_modules/undeclared-pkg/package.json': JSON.stringify({ name: 'undeclared-pkg', version: '1.0.0', main: 'index.js' }),
  'node_modules/undeclared-pkg/index.js': 'module.exports = 1;\n',
  'node_modules/dev-tool/package.json': JSON.stringify({ name: 'dev-tool', version: '1.0.0', main: 'index.js' }),
  'node_modules/dev-tool/index.js': 'module.exports = 1;\n',
  'src/lib/round.ts': importing(),
  'src/lib/format.ts': importing('./round.js'),
  'src/errors/api-error.ts': importing('../lib/format.js'),
  'src/config/index.ts': importing('../errors/api-error.js', 'node:fs'),
  'src/analytics/score.ts': importing('../lib/round.js', '../config/index.js', 'node:crypto'),
  'src/sources/feed.ts': importing('../analytics/score.js', 'node:https', 'declared-pkg'),
  'src/store/db.ts': importing('../analytics/score.js', 'node:fs', 'declared-pkg'),
  'src/store/tool-types.ts': "import type { Tool } from 'dev-tool';\nexport type ToolType = Tool;\n",
  'src/cache/memory.ts': importing('../store/db.js'),
  'src/launchpad-index/state.ts': importing('../sources/feed.js', '../store/db.js'),
  'src/registry/types.ts': importing('../errors/api-error.js', '../sources/feed.js', '../store/db.js', '../analytics/score.js'),
  'src/registry/index.ts': importing('./types.js'),
  'src/endpoints/list.ts': importing('../analytics/score.js', '../sources/feed.js', '../store/db.js', '../cache/memory.js', '../launchpad-index/state.js', '../registry/types.js'),
  'src/endpoints/run.ts': importing('./list.js'),
  'src/jobs/index.ts': importing('../store/db.js', '../analytics/score.js'),
  'src/jobs/sweep.ts': importing('./index.js'),
  'src/payments/gate.ts': importing('../registry/index.js', '../store/db.js'),
  'src/docs/html.ts': importing('../registry/index.js'),
  'src/mcp/tools.ts': importing('../registry/index.js'),
  'src/sandbox/world.ts': importing('../lib/round.js', 'node:net'),
  'src/app/server.ts': importing('../endpoints/run.js', '../jobs/sweep.js', '../payments/gate.js', '../docs/html.js', '../mcp/tools.js'),
  'src/app/routes.ts': importing('./server.js'),
  'src/service.ts': importing('./app/routes.js', './sandbox/world.js'),
  'src/main.ts': importing('./service.js', './app/server.js'),
  'src/cli/pay.ts': importing('../app/server.js', '../sandbox/world.js'),
  'bench/run.ts': importing('../src/app/server.js', '../src/sandbox/world.js', 'dev-tool'),
  'scripts/print.ts': importing('../src/sandbox/world.js'),
};

/** One wrong import (or a pair, for the cycle) per rule, each in a file of its own. */
const WRONG_IMPORTS: Record<string, string> = {
  'src/analytics/alerts.ts': importing('./perps/alerts.js'),
  'src/analytics/perps/alerts.ts': importing('../alerts.js'),
  'src/analytics/reads-files.ts': importing('node:fs'),
  'src/analytics/uses-app.ts': importing('../app/server.js'),
  'src/payments/offers.ts': importing('../endpoints/list.js'),
  'src/endpoints/uses-job.ts': importing('../jobs/index.js'),
  'src/jobs/uses-endpoint.ts': importing('../endpoints/run.js'),
  'src/docs/examples.ts': importing('../sandbox/world.js'),
  'src/mcp/call.ts': importing('../app/server.js'),
  'src/registry/all.ts': importing('../endpoints/list.js'),
  'src/lib/settings.ts': importing('../config/index.js'),
  'src/sources/missing-import.ts': importing('./not-there.js'),
  'src/store/undeclared.ts': importing('undeclared-pkg'),
  'src/sources/uses-dev-tool.ts': importing('dev-tool'),
  'src/errors/uses-config.ts': importing('../config/index.js'),
  'src/config/uses-analytics.ts': importing('../analytics/score.js'),
  'src/store/uses-registry.ts': importing('../registry/types.js'),
  'src/registry/uses-payments.ts': importing('../payments/gate.js'),
  'src/endpoints/uses-docs.ts': importing('../docs/html.js'),
  'src/payments/uses-service.ts': importing('../service.js'),
};

/** What each wrong import must set off: `rule: from → to` (a cycle is reported once, from one of its modules). */
const EXPECTED = [
  'no-circular: src/analytics/alerts.ts → src/analytics/perps/alerts.ts → src/analytics/alerts.ts',
  'analytics-no-io: src/analytics/reads-files.ts → fs',
  'analytics-no-io: src/analytics/uses-app.ts → src/app/server.ts',
  'app-only-from-entry-points: src/analytics/uses-app.ts → src/app/server.ts',
  'payments-no-endpoints: src/payments/offers.ts → src/endpoints/list.ts',
  'endpoints-not-jobs: src/endpoints/uses-job.ts → src/jobs/index.ts',
  'endpoints-imports-no-higher-layer: src/endpoints/uses-job.ts → src/jobs/index.ts',
  'endpoints-imports-no-higher-layer: src/endpoints/uses-docs.ts → src/docs/html.ts',
  'errors-imports-no-higher-layer: src/errors/uses-config.ts → src/config/index.ts',
  'config-imports-no-higher-layer: src/config/uses-analytics.ts → src/analytics/score.ts',
  'data-imports-no-higher-layer: src/store/uses-registry.ts → src/registry/types.ts',
  'registry-imports-no-higher-layer: src/registry/uses-payments.ts → src/payments/gate.ts',
  'registry-imports-no-higher-layer: src/registry/all.ts → src/endpoints/list.ts',
  'products-imports-no-higher-layer: src/payments/uses-service.ts → src/service.ts',
  'products-imports-no-higher-layer: src/mcp/call.ts → src/app/server.ts',
  'jobs-not-endpoints: src/jobs/uses-endpoint.ts → src/endpoints/run.ts',
  'docs-no-sandbox: src/docs/examples.ts → src/sandbox/world.ts',
  'sandbox-only-from-wiring: src/docs/examples.ts → src/sandbox/world.ts',
  'app-only-from-entry-points: src/mcp/call.ts → src/app/server.ts',
  'registry-no-endpoints: src/registry/all.ts → src/endpoints/list.ts',
  'lib-only-lib: src/lib/settings.ts → src/config/index.ts',
  'not-to-unresolvable: src/sources/missing-import.ts → ./not-there.js',
  'no-non-package-json: src/store/undeclared.ts → node_modules/undeclared-pkg/index.js',
  'src-no-dev-dependencies: src/sources/uses-dev-tool.ts → node_modules/dev-tool/index.js',
].sort();

function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const described = (violations: RuleViolation[]): string[] => violations.map(describeViolation).sort();

describe('dependency rules: the rules themselves, on small trees', () => {
  const roots: string[] = [];
  let clean: RuleViolation[] = [];
  let wrong: RuleViolation[] = [];
  before(async () => {
    roots.push(writeTree(CLEAN_TREE), writeTree({ ...CLEAN_TREE, ...WRONG_IMPORTS }));
    clean = await checkDependencies(roots[0]!, ['src', 'bench', 'scripts']);
    wrong = await checkDependencies(roots[1]!, ['src', 'bench', 'scripts']);
  });
  after(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('a tree where every layer imports only what it may passes (entry points may import app/ and the sandbox)', () => {
    assert.deepEqual(described(clean), []);
  });

  it('the wrong imports set off exactly the expected rules on exactly those imports, nothing else', () => {
    assert.deepEqual(described(wrong), EXPECTED);
  });

  it('every rule of the project config is among those shown to fire', () => {
    const fired = new Set(wrong.map((v) => v.rule));
    assert.deepEqual(ruleNames.filter((name) => !fired.has(name)), []);
  });

  for (const rule of ruleNames) {
    it(`${rule} fires on its wrong import`, () => {
      const expected = EXPECTED.filter((line) => line.startsWith(`${rule}: `));
      assert.ok(expected.length > 0, `no wrong import written for ${rule}`);
      assert.deepEqual(described(wrong.filter((v) => v.rule === rule)), expected);
    });
  }
});
