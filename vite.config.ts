/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Path aliases shared by the console build, vitest and (through tsconfig) tsx. */
export const aliases = {
  '@app': here('./src/app'),
  '@domain': here('./domain'),
  '@resources': here('./src/resources'),
  '@workflows': here('./src/workflows'),
  '@ui': here('./src/ui'),
  '@data': here('./src/data'),
  '@state': here('./src/state'),
  '@machines': here('./machines'),
  '@commands': here('./commands'),
  '@server': here('./server'),
  '@tests': here('./tests'),
  '@tools': here('./tools'),
};

/** Development values of the local-storage secrets (the console's fallbacks in src/state/storage-secrets.ts). */
export const devStorageSecrets: Readonly<Record<string, string>> = {
  VITE_STORAGE_ENCRYPTION_KEY: 'dev-only-encryption-secret-change-me',
  VITE_STORAGE_HASH_KEY: 'dev-only-hash-secret-change-me',
};

/** Shortest local-storage secret a production build accepts. */
export const MIN_STORAGE_SECRET_LENGTH = 32;

/** What is wrong with the local-storage secrets for a production build (empty: they may ship). */
export function storageSecretProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  for (const [name, devValue] of Object.entries(devStorageSecrets)) {
    const value = env[name];
    if (!value) problems.push(`${name} is not set`);
    else if (value === devValue) problems.push(`${name} is the development value`);
    else if (value.length < MIN_STORAGE_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_STORAGE_SECRET_LENGTH} characters`);
  }
  if (problems.length === 0 && env.VITE_STORAGE_ENCRYPTION_KEY === env.VITE_STORAGE_HASH_KEY) problems.push('VITE_STORAGE_ENCRYPTION_KEY and VITE_STORAGE_HASH_KEY are the same');
  return problems;
}

/**
 * Plugin: a production build (APP_ENV=production, as for the server) fails, naming each problem, when the
 * local-storage secrets are unset, the development values or weak. NODE_ENV cannot tell: Vite sets it to production
 * for every build, npm start's too, which (like e2e and the benches) goes on with the development values.
 * `env`: the VITE_ variables as Vite loads them for the build (process environment and .env files).
 */
export function storageSecretsGuard(
  env: (mode: string, dir: string) => Readonly<Record<string, string>> = (mode, dir) => loadEnv(mode, dir, 'VITE_'),
  processEnv: Readonly<Record<string, string | undefined>> = process.env,
): Plugin {
  return {
    name: 'czo-storage-secrets',
    apply: 'build',
    configResolved(config) {
      if (processEnv.APP_ENV !== 'production') return;
      const problems = storageSecretProblems(env(config.mode, config.envDir || config.root));
      if (problems.length === 0) return;
      throw new Error(
        `A production build (APP_ENV=production) needs its own local-storage secrets: ${problems.join('; ')}. ` +
          `Set VITE_STORAGE_ENCRYPTION_KEY and VITE_STORAGE_HASH_KEY to two different random values of at least ${MIN_STORAGE_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`).`,
      );
    },
  };
}

/** Most gzipped JavaScript the console may load before its first screen: kB of 1,000 bytes. */
export const INITIAL_JS_BUDGET_KB = 150;

/** What bundleSizes reads of a chunk (Rollup's output chunk: what Vite writes its manifest and modulepreload links from). */
export interface BudgetChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  name?: string;
  code?: string;
  /** Static imports (the manifest's `imports`: preloaded with the entry). */
  imports?: readonly string[];
  /** Dynamic imports (the manifest's `dynamicImports`: loaded later). */
  dynamicImports?: readonly string[];
}

/** One chunk's gzipped size. */
export interface ChunkSize {
  file: string;
  gzip: number;
}

/**
 * The console's JavaScript, gzipped: `initial` is the entry chunk `entry` and every chunk it imports statically
 * (what index.html loads or modulepreloads), `lazy` every other chunk reachable from it through dynamic imports.
 */
export function bundleSizes(bundle: Readonly<Record<string, BudgetChunk>>, entry = 'main'): { initial: ChunkSize[]; lazy: ChunkSize[] } {
  const main = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === entry);
  if (!main) throw new Error(`The build has no entry chunk "${entry}"`);
  const size = (file: string): ChunkSize => ({ file, gzip: gzipSync(bundle[file]?.code ?? '').length });
  const initial = new Set<string>();
  const addStatic = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const next of bundle[file]?.imports ?? []) addStatic(next);
  };
  addStatic(main.fileName);
  const lazy = new Set<string>();
  const addAny = (file: string) => {
    const chunk = bundle[file];
    if (!chunk) return;
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (initial.has(next) || lazy.has(next)) continue;
      lazy.add(next);
      addAny(next);
    }
  };
  initial.forEach(addAny);
  const bySize = (a: ChunkSize, b: ChunkSize) => b.gzip - a.gzip;
  return { initial: [...initial].map(size).sort(bySize), lazy: [...lazy].filter((f) => bundle[f]?.type === 'chunk').map(size).sort(bySize) };
}

/**
 * Plugin: every build prints the console's initial and lazy JavaScript, gzipped (shown at the default log level,
 * so `npm run build`), and fails when the initial part is over `budgetKb`, naming its chunks.
 */
export function bundleBudget(budgetKb = INITIAL_JS_BUDGET_KB): Plugin {
  return {
    name: 'czo-bundle-budget',
    apply: 'build',
    enforce: 'post',
    // After Vite's own output plugins (preload lists, the modulepreload polyfill): the chunks as written.
    writeBundle(_options, bundle) {
      if (!Object.values(bundle).some((c) => c.type === 'chunk' && c.isEntry && c.name === 'main')) return;
      const { initial, lazy } = bundleSizes(bundle as unknown as Record<string, BudgetChunk>);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      const total = (list: readonly ChunkSize[]) => list.reduce((sum, c) => sum + c.gzip, 0);
      const list = (items: readonly ChunkSize[]) => items.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ');
      this.environment.logger.info(
        `\nInitial JavaScript (entry + static imports), gzipped: ${kb(total(initial))} of ${budgetKb} kB: ${list(initial)}\n` +
          `Lazy JavaScript (loaded on demand), gzipped: ${kb(total(lazy))} in ${lazy.length} chunks; largest: ${list(lazy.slice(0, 5))}`,
      );
      if (total(initial) > budgetKb * 1000)
        this.error(`Initial JavaScript is ${kb(total(initial))} gzipped, over the ${budgetKb} kB budget: ${list(initial)}. Load what the first screen does not need with a dynamic import().`);
    },
  };
}

export default defineConfig({
  plugins: [react(), storageSecretsGuard(), bundleBudget()],
  resolve: { alias: aliases },
  server: {
    // `npm run dev` runs vite in middleware mode inside the API server; this is for `vite` alone.
    proxy: {},
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No modulepreload polyfill (0.4 kB of the first load): every browser the console supports preloads modules.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    // bench.html: the palette benchmark page (npm run bench:palette), local entries only, no API needed;
    // bench-map.html: the chargers map benchmark page (npm run bench:map), generated chargers, no API needed.
    rollupOptions: {
      input: { main: here('./index.html'), bench: here('./bench.html'), benchMap: here('./bench-map.html') },
      // React and zod (both in the first load) in chunks of their own names, so the build's size list reads plainly.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on our 2-core machines and CI. The API tests
    // wait on PostgreSQL as well as compute, so one worker more than the cores. Measured on 2 cores, the whole suite:
    // 2 workers 268 s (one run), 3 workers 241, 258 and 272 s (three runs): a small gain, within the runs' spread.
    maxWorkers: availableParallelism() + 1,
    projects: [
      // The API tests import the whole server (drizzle, Hono, PGlite) and share no module state: each file opens its
      // own database and app. Without a fresh module graph per server file the whole suite ran in 176 s instead of
      // 270 s on 2 cores (import time 48 s instead of 157 s), with the same 1,618 tests passing.
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], isolate: false } },
      // The console's tests keep isolation: its stores (valtio) are module state that one file must not leave to the next.
      // In worker threads rather than processes: 82 s against 100 s for the project alone on 2 cores (one run each).
      {
        extends: true,
        test: { name: 'console', pool: 'threads', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['**/node_modules/**', 'tests/server/**/*', 'tests/ocpp-conformance/**/*', 'tests/cluster/**/*'] },
      },
    ],
  },
});
