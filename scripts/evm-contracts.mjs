#!/usr/bin/env node
/**
 * Builds the contracts of the sandbox Base chain (src/sandbox/base) into one artifacts file:
 *   node_modules/.cache/evm-contracts/artifacts.json
 *
 * Runs at `postinstall` (so `npm ci` in a clean clone, CI and the Docker deps stage all get the artifacts) and by
 * hand: `node scripts/evm-contracts.mjs` (`--force` rebuilds even when the cache is current).
 *
 * Third-party Solidity is never committed: it is taken from npm tarballs pinned by version AND sha512 integrity
 * (checked here on the downloaded file), and only the needed .sol files are extracted into the git-ignored cache:
 *   - Circle's FiatToken v2.2 + FiatTokenProxy (Apache-2.0), as vendored (ported to ^0.8.0) in
 *     @stargatefinance/stg-evm-v2 under src/usdc/impl/;
 *   - the OpenZeppelin Contracts it was built with: 4.9.6 (all 29 OpenZeppelin sources in that package's
 *     artifacts/build-info are byte-identical to 4.9.6's);
 *   - Uniswap's Permit2 (+ solmate) as shipped in @uniswap/v4-periphery under lib/permit2/.
 * Our own contracts are every .sol file under contracts/ (compiled automatically; deployment is declared in
 * src/sandbox/base/deployments.ts).
 *
 * Compiler: solc-js 0.8.17 (the `solc` dependency, pinned: Permit2's exact pragma). Settings per group:
 *   - Permit2: its foundry.toml (via_ir, optimizer 1,000,000 runs, bytecode_hash none);
 *   - FiatToken: the package's build-info (optimizer 5,000 runs, evmVersion london: solc 0.8.17 predates 'paris', which changes no opcode these contracts use; the package built it with 0.8.22);
 *   - ours: optimizer 200 runs, evmVersion london.
 * The cache is current when artifacts.json records the same input hash (this script, the pinned tarballs, the
 * compiler version and every file under contracts/): then nothing is downloaded or compiled.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'evm-contracts');
const ARTIFACTS = join(CACHE, 'artifacts.json');
const OUR_CONTRACTS = join(ROOT, 'contracts');

/** npm tarballs: pinned version + integrity, and the tarball folders extracted (as `as/...` in the source tree). */
const PACKAGES = [
  {
    spec: '@stargatefinance/stg-evm-v2@2.0.6',
    integrity: 'sha512-62PAwn7u+r0F1DGE6AmQxI/HDwajzayVyE3CylEswb9JRtY+taESA1Wqn6zKixJGAa0AitieUSNSVIiiGTfluw==',
    extract: [{ from: 'package/src/usdc/impl/', as: 'usdc/' }],
  },
  {
    spec: '@openzeppelin/contracts@4.9.6',
    integrity: 'sha512-xSmezSupL+y9VkHZJGDoCBpmnB2ogM13ccaYDWqJTfS3dbuHkgjuwDFUmaFauBCboQMGB/S5UqUl2y54X99BmA==',
    extract: [{ from: 'package/', as: '@openzeppelin/contracts/', only: /\.sol$/ }],
  },
  {
    spec: '@uniswap/v4-periphery@1.0.3',
    integrity: 'sha512-JxLL0Djv9XcMvI2PatEnWrCrxuEaYNVhHxstndBOP+aJfh1XLg5ec8SDZ0xyoVfg2ElJTvuKpBgnu90bNValsg==',
    extract: [
      { from: 'package/lib/permit2/src/', as: 'permit2/src/' },
      // Permit2 imports "solmate/src/..." (its foundry remapping).
      { from: 'package/lib/permit2/lib/solmate/src/', as: 'solmate/src/' },
    ],
  },
];

/** Compilation groups: entry sources (paths in the source tree) and solc settings. */
function groups(ourSources) {
  return [
    {
      name: 'fiat-token',
      entries: ['usdc/v2/FiatTokenV2_2.sol', 'usdc/v1/FiatTokenProxy.sol'],
      settings: { optimizer: { enabled: true, runs: 5000 }, evmVersion: 'london' },
    },
    {
      name: 'permit2',
      entries: ['permit2/src/Permit2.sol'],
      settings: { viaIR: true, optimizer: { enabled: true, runs: 1_000_000 }, metadata: { bytecodeHash: 'none' } },
    },
    {
      name: 'ours',
      entries: ourSources,
      settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'london' },
    },
  ].filter((g) => g.entries.length > 0);
}

const log = (msg) => process.stderr.write(`evm-contracts: ${msg}\n`);

function listSol(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSol(path));
    else if (entry.name.endsWith('.sol')) out.push(path);
  }
  return out.sort();
}

function inputHash(solcVersion, ourFiles) {
  const h = createHash('sha256');
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  h.update(solcVersion);
  for (const p of PACKAGES) h.update(`${p.spec} ${p.integrity}\n`);
  for (const f of ourFiles) h.update(`${relative(ROOT, f)}\n`).update(readFileSync(f));
  return h.digest('hex');
}

/** `npm pack` the pinned tarball into `dir`, then check the sha512 of the file itself. */
function fetchTarball(pkg, dir) {
  const out = execFileSync('npm', ['pack', pkg.spec, '--json', '--pack-destination', dir], {
    cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(out);
  const file = join(dir, filename);
  const actual = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
  if (actual !== pkg.integrity) throw new Error(`${pkg.spec}: integrity mismatch (expected ${pkg.integrity}, got ${actual})`);
  return file;
}

/** Extract the wanted folders of a tarball (GNU tar) into `sourceTree`, renamed as declared. */
function extract(pkg, tarball, sourceTree, scratch) {
  const unpack = join(scratch, 'unpack');
  rmSync(unpack, { recursive: true, force: true });
  mkdirSync(unpack, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpack, '--wildcards', ...pkg.extract.map((e) => `${e.from}*`)], { stdio: 'inherit' });
  for (const e of pkg.extract) {
    const from = join(unpack, e.from);
    for (const file of listAll(from)) {
      if (e.only && !e.only.test(file)) continue;
      const target = join(sourceTree, e.as, relative(from, file));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(file));
    }
  }
  rmSync(unpack, { recursive: true, force: true });
}

function listAll(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listAll(path));
    else out.push(path);
  }
  return out;
}

/** Compile one group with solc's standard JSON; imports resolve in the source tree (our files by their repo path). */
function compile(solc, group, sourceTree) {
  const read = (path) => {
    const ours = join(ROOT, path);
    if (path.startsWith(`contracts/`) && existsSync(ours)) return readFileSync(ours, 'utf8');
    return readFileSync(join(sourceTree, path), 'utf8');
  };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(group.entries.map((p) => [p, { content: read(p) }])),
    settings: {
      ...group.settings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.bytecode.linkReferences', 'evm.deployedBytecode.object', 'storageLayout'] } },
    },
  };
  const findImports = (path) => {
    try {
      return { contents: read(path) };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const started = Date.now();
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`${group.name}: compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  log(`compiled ${group.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const contracts = {};
  for (const [source, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      // Interfaces, abstract contracts and libraries without bytecode are never deployed.
      if (!c.evm.bytecode.object) continue;
      // Storage slots by variable name: the sandbox reads balances straight from storage (synchronous reads).
      const storage = Object.fromEntries((c.storageLayout?.storage ?? []).map((v) => [v.label, v.slot]));
      // Library placeholders in `bytecode` are linked at deployment: `source:Library` → byte offsets.
      const links = {};
      for (const [libSource, libs] of Object.entries(c.evm.bytecode.linkReferences ?? {})) {
        for (const [lib, refs] of Object.entries(libs)) links[`${libSource}:${lib}`] = refs.map((r) => r.start);
      }
      contracts[`${source}:${name}`] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}`, storage, links };
    }
  }
  return contracts;
}

function main() {
  const force = process.argv.includes('--force');
  const require = createRequire(import.meta.url);
  const solcVersion = require('solc/package.json').version;
  const ourFiles = listSol(OUR_CONTRACTS);
  const hash = inputHash(solcVersion, ourFiles);
  if (!force && existsSync(ARTIFACTS)) {
    try {
      if (JSON.parse(readFileSync(ARTIFACTS, 'utf8')).inputHash === hash) {
        log('artifacts are current');
        return;
      }
    } catch { /* unreadable: rebuild */ }
  }
  const solc = require('solc');
  mkdirSync(CACHE, { recursive: true });
  const sourceTree = join(CACHE, 'sources');
  const scratch = join(CACHE, 'scratch');
  rmSync(sourceTree, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const pkg of PACKAGES) {
    log(`fetching ${pkg.spec}`);
    const tarball = fetchTarball(pkg, scratch);
    extract(pkg, tarball, sourceTree, scratch);
    rmSync(tarball, { force: true });
  }
  rmSync(scratch, { recursive: true, force: true });
  const ourSources = ourFiles.map((f) => relative(ROOT, f).split(sep).join('/'));
  const contracts = {};
  for (const group of groups(ourSources)) Object.assign(contracts, compile(solc, group, sourceTree));
  // The extracted sources served only this compilation (the cache check above hashes the pinned specs, not
  // the tree, and a rebuild extracts them again); left behind they would ship in the image.
  rmSync(sourceTree, { recursive: true, force: true });
  const tmp = `${ARTIFACTS}.tmp`;
  writeFileSync(tmp, JSON.stringify({ inputHash: hash, solcVersion: solc.version(), contracts }));
  renameSync(tmp, ARTIFACTS);
  log(`wrote ${relative(ROOT, ARTIFACTS)} (${Object.keys(contracts).length} contracts)`);
}

try {
  main();
} catch (err) {
  log(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
