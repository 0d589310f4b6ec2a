// `npm run test:ocpp-conformance`: the OCPP 1.6-J conformance suite (tests/ocpp-conformance/), kept out of the plain
// `vitest run`. Its files run one after another in one worker, which shares one server per database driver
// (tests/ocpp-conformance/harness.ts), and the run ends with the matrix of cases by feature profile.
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/ocpp-conformance/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/ocpp-conformance/matrix-reporter.ts'],
  },
});
