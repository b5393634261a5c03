/**
 * The compiled contracts of the sandbox Base chain: node_modules/.cache/evm-contracts/artifacts.json, written by
 * scripts/evm-contracts.mjs at `npm install`/`npm ci` (postinstall). Loaded once per process, at the first chain start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface ContractArtifact {
  abi: Abi;
  /** Creation code (constructor arguments are appended at deployment). */
  bytecode: Hex;
  deployedBytecode: Hex;
  /** Storage slot (decimal string) of each state variable, by name. */
  storage?: Record<string, string>;
  /** Library placeholders in `bytecode` to link at deployment: `source:Library` → byte offsets of 20-byte slots. */
  links?: Record<string, number[]>;
}

interface ArtifactsFile {
  inputHash: string;
  solcVersion: string;
  contracts: Record<string, ContractArtifact>;
}

const RELATIVE_PATH = join('node_modules', '.cache', 'evm-contracts', 'artifacts.json');
const BUILD_COMMAND = 'npm run evm-contracts';

let loaded: ArtifactsFile | undefined;

/** The first artifacts.json found walking up from this module (src/sandbox/base in the repo, dist/ when bundled). */
function findArtifactsFile(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function artifacts(): ArtifactsFile {
  if (loaded) return loaded;
  const path = findArtifactsFile();
  if (!path) {
    throw new Error(`the sandbox Base chain's contract artifacts (${RELATIVE_PATH}) are missing: run \`${BUILD_COMMAND}\` (npm install runs it as postinstall)`);
  }
  loaded = JSON.parse(readFileSync(path, 'utf8')) as ArtifactsFile;
  return loaded;
}

/** An artifact by `source path:ContractName` (as scripts/evm-contracts.mjs names them). */
export function contractArtifact(key: string): ContractArtifact {
  const found = artifacts().contracts[key];
  if (!found) throw new Error(`contract ${key} is not in the sandbox Base chain's artifacts: run \`${BUILD_COMMAND} -- --force\``);
  return found;
}
