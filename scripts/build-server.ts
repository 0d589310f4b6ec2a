// The compiled server (`npm run build`, after the console's build): server/main.ts and the central system's own
// process (server/ocpp/ocpp-process-main.ts) bundled by esbuild into one ES module each for Node 20, every npm package
// left an import (they come from node_modules, `dependencies` only), with the path aliases resolved (tsconfig's paths)
// and the files the server reads at run time copied beside them (server/runtime-files.ts says where). Plain `node
// dist-server/main.js` (npm run start:production) runs it: no TypeScript loader, no bundler, no dev dependency.
//
//   tsx scripts/build-server.ts [outDir]     (default dist-server)
//
// It fails, naming them, when the output imports anything but a Node built-in or a package of package.json's
// `dependencies`: a production install (npm ci --omit=dev) would not have it.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { compiledFiles } from '@server/runtime-files';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The compiled server's entries: output name (without .js) → source. */
const entries = {
  main: 'server/main.ts',
  [path.basename(compiledFiles.ocppProcess, '.js')]: 'server/ocpp/ocpp-process-main.ts',
  // The operator's commands, run with node beside the server: the first staff member, and backup, restore and move.
  'first-admin': 'server/users/first-admin-cli.ts',
  'db-maintenance': 'server/db/maintenance/cli.ts',
};

/** What the server reads from disk at run time: source folder → its place in the output (compiledFiles). */
const runtimeCopies: [string, string][] = [
  ['server/db/migrations', compiledFiles.migrations],
  ['server/assets/cdn', compiledFiles.cdn],
];

/** The package an import names (`pg`, `@hono/node-server` of `@hono/node-server/serve-static`). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const builtins = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(packageOf(specifier));

/**
 * What the compiled code loads from outside itself: its external imports (the metafile's) and the packages it
 * resolves by name at run time (`createRequire(import.meta.url).resolve('pkg/…')`, read from the output's text).
 */
export function runtimeImports(metafile: Metafile, outputs: readonly string[]): string[] {
  const found = new Set<string>();
  for (const output of Object.values(metafile.outputs)) for (const i of output.imports) if (i.external) found.add(i.path);
  for (const file of outputs) {
    for (const match of readFileSync(file, 'utf8').matchAll(/createRequire\([^)]*\)\.resolve\(\s*["'`]([^"'`]+)["'`]/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

/** The run-time imports that a production install would not have: neither a Node built-in nor in `dependencies`. */
export function importProblems(imports: readonly string[], dependencies: Readonly<Record<string, string>>): string[] {
  return imports.filter((specifier) => !isBuiltin(specifier) && !(packageOf(specifier) in dependencies));
}

/** Builds the server into `outDir` (emptied first); throws naming every import a production install would lack. */
export async function buildServer(outDir: string): Promise<{ imports: string[]; files: string[] }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Stack traces name the TypeScript files and lines (node --enable-source-maps); the sources stay out of the maps.
    sourcemap: 'external',
    sourcesContent: false,
    // Class and function names as written: errors and logs name them so.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
  });
  const files = Object.keys(entries).map((name) => path.join(outDir, `${name}.js`));
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const imports = runtimeImports(result.metafile, files);
  const problems = importProblems(imports, pkg.dependencies);
  if (problems.length > 0)
    throw new Error(`The compiled server imports what a production install (dependencies only) does not have: ${problems.join(', ')}. Move the package to dependencies if the server needs it at run time, or keep it out of the server's imports.`);
  for (const [from, to] of runtimeCopies) cpSync(path.join(root, from), path.join(outDir, to), { recursive: true });
  // The output's .js files are ES modules wherever the folder lies.
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return { imports, files };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist-server'));
  try {
    const started = performance.now();
    const { imports } = await buildServer(outDir);
    const packages = [...new Set(imports.filter((i) => !isBuiltin(i)).map(packageOf))];
    console.log(`Server compiled into ${path.relative(process.cwd(), outDir) || '.'} in ${((performance.now() - started) / 1000).toFixed(1)} s; it imports ${packages.length} packages, all in dependencies: ${packages.join(', ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
