// The import rules of the layering in docs/architecture.md ('Layout'), bottom first:
//   lib <- errors <- config <- analytics (pure) <- sources, store, cache, launchpad-index (data)
//       <- registry (the endpoint contract) <- endpoints <- jobs, payments, docs, mcp, streams <- app
//       <- src/service.ts, src/main.ts, src/cli/ (src/sandbox: reached from those only)
// Checked by `npm run lint:deps` and by test/architecture/dependency-rules.test.ts (part of `npm test`), which
// also builds small trees that break each rule and asserts the rule fires on them.
// Paths are relative to the repository root; type-only imports count like any other.

/** Node's built-in modules a pure layer must not reach (files, sockets, processes, workers). */
const IO_BUILTINS = '^(node:)?(fs|fs/promises|net|tls|http|https|http2|dgram|dns|child_process|cluster|worker_threads)$';

/** The files under one folder of src/, as a rule's `from` or `to`. */
const folder = (name) => ({ path: `^src/${name}/` });

/**
 * An error rule: no import from a module `from` matches to a module `to` matches (dependency-cruiser's
 * conditions: path, pathNot, circular, couldNotResolve, dependencyTypes).
 */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** The layers of src/, bottom first (src/lib and src/analytics have rules of their own, below). */
const LAYERS = [
  { name: 'errors', folders: ['errors'] },
  { name: 'config', folders: ['config'] },
  { name: 'analytics', folders: ['analytics'] },
  { name: 'data', folders: ['sources', 'store', 'cache', 'launchpad-index'] },
  { name: 'registry', folders: ['registry'] },
  { name: 'endpoints', folders: ['endpoints'] },
  { name: 'products', folders: ['jobs', 'payments', 'docs', 'mcp', 'streams'] },
  { name: 'app', folders: ['app'] },
];
const ENTRY_POINTS = '^src/(service\\.ts$|main\\.ts$|cli/)';

/** One rule per layer (from errors up to the products): it imports no folder of a layer above it, nor an entry point. */
const layerRules = () =>
  LAYERS.slice(0, -1)
    .filter((layer) => layer.name !== 'analytics')
    .map((layer) => {
      const above = LAYERS.slice(LAYERS.indexOf(layer) + 1).flatMap((l) => l.folders);
      return forbid(
        `${layer.name}-imports-no-higher-layer`,
        `src/{${layer.folders.join(',')}} builds only on the layers below it: it imports none of src/{${above.join(',')}} and no entry point.`,
        { path: `^src/(${layer.folders.join('|')})/` },
        { path: [`^src/(${above.join('|')})/`, ENTRY_POINTS] },
      );
    });

/** Two sibling folders of src/: neither imports the other, one rule each way. */
const siblings = (a, b, comment) => [
  forbid(`${a}-not-${b}`, comment, folder(a), folder(b)),
  forbid(`${b}-not-${a}`, comment, folder(b), folder(a)),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'No import cycles anywhere: each folder builds on the ones below it only.', {}, { circular: true }),
    forbid(
      'analytics-no-io',
      'src/analytics is pure scoring (no I/O, no clock): it imports no file, network or process module and, ' +
        'of the project, only the layers below it (lib, errors, config) — nothing that does I/O.',
      folder('analytics'),
      { path: [IO_BUILTINS, '^(src|bench|scripts|test)/'], pathNot: '^src/(analytics|lib|errors|config)/' },
    ),
    ...layerRules(),
    forbid('payments-no-endpoints', 'src/payments works from the compiled registry, never from endpoint definitions.', folder('payments'), folder('endpoints')),
    forbid(
      'sandbox-only-from-wiring',
      'Only start-up wiring and command-line tools import the sandbox: src/service.ts, src/cli/, bench/, ' +
        'scripts/ (and the sandbox itself). Tests reached from bench/ may import it too.',
      { path: '^src/', pathNot: '^(src/service\\.ts$|src/cli/|src/sandbox/)' },
      folder('sandbox'),
    ),
    forbid(
      'app-only-from-entry-points',
      'src/app is the top layer: only src/service.ts, src/main.ts, src/cli/ and bench/ import it (tests reached ' +
        'from bench/ may too).',
      { path: '^(src|scripts)/', pathNot: '^(src/service\\.ts$|src/main\\.ts$|src/cli/|src/app/)' },
      folder('app'),
    ),
    ...siblings('endpoints', 'jobs', 'Endpoints and jobs are siblings: what both need lives below them.'),
    forbid('docs-no-sandbox', 'src/docs renders from the registry; sandbox examples reach it through start-up wiring.', folder('docs'), folder('sandbox')),
    forbid('registry-no-endpoints', 'The registry compiles endpoint definitions it is given; it does not import the endpoint list.', folder('registry'), folder('endpoints')),
    forbid(
      'lib-only-lib',
      'src/lib holds pure helpers: of the project it imports only src/lib.',
      folder('lib'),
      { path: '^(src|bench|scripts|test)/', pathNot: '^src/lib/' },
    ),
    forbid('not-to-unresolvable', 'Every import resolves to a file or an installed package.', {}, { couldNotResolve: true }),
    forbid(
      'no-non-package-json',
      'Every package imported is declared in package.json (installed only as some other package\'s ' +
        'dependency is not enough: it can disappear or change version under us).',
      {},
      { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    ),
    forbid(
      'src-no-dev-dependencies',
      'The service runs without devDependencies (the Docker image installs production dependencies only): ' +
        'src/ may import a devDependency for its types alone.',
      { path: '^src/' },
      { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test-artifacts)/' },
    // The imports are TypeScript with `.js` specifiers (NodeNext); tsconfig.json makes them resolve to the .ts files.
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // src/lib/keccak256.ts loads a native addon through createRequire's `require`.
    exoticRequireStrings: ['require'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
