/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Path aliases shared by the console build, vitest and (through tsconfig) tsx. */
export const aliases = {
  '@app': here('./src/app'),
  '@domain': here('./src/domain'),
  '@resources': here('./src/resources'),
  '@workflows': here('./src/workflows'),
  '@ui': here('./src/ui'),
  '@data': here('./src/data'),
  '@state': here('./src/state'),
  '@machines': here('./machines'),
  '@commands': here('./commands'),
  '@server': here('./server'),
  '@tests': here('./tests'),
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

export default defineConfig({
  plugins: [react(), storageSecretsGuard()],
  resolve: { alias: aliases },
  server: {
    // `npm run dev` runs vite in middleware mode inside the API server; this is for `vite` alone.
    proxy: {},
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // bench.html: the palette benchmark page (npm run bench:palette), local entries only, no API needed.
    rollupOptions: { input: { main: here('./index.html'), bench: here('./bench.html') } },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on our 2-core machines and CI. The API tests
    // wait on PostgreSQL as well as compute, so one worker more than the cores. Measured on 2 cores, the whole suite:
    // 2 workers 268 s (one run), 3 workers 241, 258 and 272 s (three runs): a small gain, within the runs' spread.
    maxWorkers: availableParallelism() + 1,
  },
});
