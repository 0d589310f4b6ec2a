// `npm run test:cluster`: the cluster test alone (three server processes behind HAProxy, tests/cluster), with the
// path aliases of the main configuration. Plain `vitest run` leaves tests/cluster out (vite.config.ts's projects).
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // The file's tests run in order on one cluster.
    sequence: { concurrent: false },
  },
});
