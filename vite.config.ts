/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
    // wait on PostgreSQL as much as they compute, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
