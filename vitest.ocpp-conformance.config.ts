// `npm run test:ocpp-conformance`: the OCPP 1.6-J conformance suite (tests/ocpp-conformance/), kept out of the plain
// `vitest run`. Its files run in four workers, each sharing one server per database driver among the files it runs
// (tests/ocpp-conformance/harness.ts), and the run ends with the matrix of cases by feature profile. Much of a case is
// waiting (a command's timeout, a charger's answer, a batch of rows), so the suite keeps about a fifth of two cores
// busy: four workers took 112 s against 182 s for two on 2 cores (load average 10 to 15, the same 316 results), for
// about a fifth more processor time (each worker opens its own servers).
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/ocpp-conformance/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 4,
    isolate: false,
    // A case waits on conditions (frames, rows, a command's 4 s timeout); the limit is for a machine busy with a
    // second worker and other work (one case took over 30 s at a load average of 28 on 2 cores).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/ocpp-conformance/matrix-reporter.ts'],
  },
});
