// The import rules of the layering in docs/architecture.md ('Layout'):
//   lib <- errors <- config, registry <- analytics (pure) <- sources, store, cache <- endpoints
//       <- jobs, payments, docs, mcp <- app <- src/service.ts, src/main.ts, src/cli/
// Checked by `npm run lint:deps` and by test/architecture/dependency-rules.test.ts (part of `npm test`), which
// also builds small trees that break each rule and asserts the rule fires on them.
// Paths are relative to the repository root; type-only imports count like any other.

/** Node's built-in modules a pure layer must not reach (files, sockets, processes, workers). */
const IO_BUILTINS = '^(node:)?(fs|fs/promises|net|tls|http|https|http2|dgram|dns|child_process|cluster|worker_threads)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere: each folder builds on the ones below it only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'analytics-no-io',
      severity: 'error',
      comment:
        'src/analytics is pure scoring (no I/O, no clock): it imports no file, network or process module and, ' +
        'of the project, only the layers below it (lib, errors, config, registry) — nothing that does I/O.',
      from: { path: '^src/analytics/' },
      to: {
        path: [IO_BUILTINS, '^(src|bench|scripts|test)/'],
        pathNot: '^src/(analytics|lib|errors|config|registry)/',
      },
    },
    {
      name: 'payments-no-endpoints',
      severity: 'error',
      comment: 'src/payments works from the compiled registry, never from endpoint definitions.',
      from: { path: '^src/payments/' },
      to: { path: '^src/endpoints/' },
    },
    {
      name: 'sandbox-only-from-wiring',
      severity: 'error',
      comment:
        'Only start-up wiring and command-line tools import the sandbox: src/service.ts, src/cli/, bench/, ' +
        'scripts/ (and the sandbox itself). Tests reached from bench/ may import it too.',
      from: { path: '^src/', pathNot: '^(src/service\\.ts$|src/cli/|src/sandbox/)' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'app-only-from-entry-points',
      severity: 'error',
      comment:
        'src/app is the top layer: only src/service.ts, src/main.ts, src/cli/ and bench/ import it (tests reached ' +
        'from bench/ may too).',
      from: { path: '^(src|scripts)/', pathNot: '^(src/service\\.ts$|src/main\\.ts$|src/cli/|src/app/)' },
      to: { path: '^src/app/' },
    },
    {
      name: 'endpoints-not-jobs',
      severity: 'error',
      comment: 'Endpoints and jobs are siblings: what both need lives below them.',
      from: { path: '^src/endpoints/' },
      to: { path: '^src/jobs/' },
    },
    {
      name: 'jobs-not-endpoints',
      severity: 'error',
      comment: 'Endpoints and jobs are siblings: what both need lives below them.',
      from: { path: '^src/jobs/' },
      to: { path: '^src/endpoints/' },
    },
    {
      name: 'docs-no-sandbox',
      severity: 'error',
      comment: 'src/docs renders from the registry; sandbox examples reach it through start-up wiring.',
      from: { path: '^src/docs/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'registry-no-endpoints',
      severity: 'error',
      comment: 'The registry compiles endpoint definitions it is given; it does not import the endpoint list.',
      from: { path: '^src/registry/' },
      to: { path: '^src/endpoints/' },
    },
    {
      name: 'lib-only-lib',
      severity: 'error',
      comment: 'src/lib holds pure helpers: of the project it imports only src/lib.',
      from: { path: '^src/lib/' },
      to: { path: '^(src|bench|scripts|test)/', pathNot: '^src/lib/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or an installed package.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        'Every package imported is declared in package.json (installed only as some other package\'s ' +
        'dependency is not enough: it can disappear or change version under us).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'src-no-dev-dependencies',
      severity: 'error',
      comment:
        'The service runs without devDependencies (the Docker image installs production dependencies only): ' +
        'src/ may import a devDependency for its types alone.',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
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
