// Compiles the test files once per run (esbuild, ~1 s for all of them) so each test process loads plain
// JavaScript instead of running the TypeScript loader over ~450 modules: that loader cost ~1.4 s of CPU per
// file, about a third of the suite's CPU on a 2-core machine. Each test file becomes one ES module bundle
// (our code bundled, shared chunks split out, packages left to node_modules), with inline source maps so
// stack traces name the .ts lines.
//
// `import.meta.url` / `import.meta.dirname` are replaced by each source file's own location, so code that
// finds files beside itself (fixtures, a child process's entry) behaves as when run from the .ts file.
// A test file that imports a computed path (`import(someVariable)`) cannot be bundled: it runs under tsx.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Per run: two runs at once (two engineers, or a run beside `test:loaded`) must not delete each other's bundles. */
export const BUILD_DIR = `test-artifacts/build-${process.pid}`;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Removes this run's bundles; called when the run ends. */
export function removeBuild() {
  rmSync(BUILD_DIR, { recursive: true, force: true });
}

/** Bundles left by runs that were killed before they could clean up. */
function removeStaleBuilds() {
  let names = [];
  try {
    names = readdirSync('test-artifacts');
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^build(?:-(\d+))?$/.exec(name);
    if (match && (!match[1] || !alive(Number(match[1])))) rmSync(`test-artifacts/${name}`, { recursive: true, force: true });
  }
}

const importMetaAsSource = {
  name: 'import-meta-as-source',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/** Whether a test file imports a path computed at run time (only the TypeScript loader can follow it). */
export function needsLoader(file) {
  return /\bimport\(\s*(?!['"`])/.test(readFileSync(file, 'utf8'));
}

/** Builds the bundles; returns, per test file, the command-line arguments that run it. */
export async function buildTests(files) {
  removeStaleBuilds();
  removeBuild();
  const bundled = files.filter((f) => !needsLoader(f));
  if (bundled.length > 0) {
    await build({
      entryPoints: bundled,
      outdir: BUILD_DIR,
      outbase: '.',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      plugins: [importMetaAsSource],
      logLevel: 'warning',
    });
  }
  return new Map(files.map((f) => [
    f,
    bundled.includes(f) ? ['--enable-source-maps', resolve(join(BUILD_DIR, f.replace(/\.ts$/, '.mjs')))] : ['--import', 'tsx', f],
  ]));
}
