// `npm run test:ocpp-conformance`: the OCPP 1.6-J conformance suite (tests/ocpp-conformance/), kept out of the plain
// `vitest run`. Its files run in two workers (one per core of CI), each sharing one server per database driver among
// the files it runs (tests/ocpp-conformance/harness.ts), and the run ends with the matrix of cases by feature profile.
// Much of a case is waiting (a command's timeout, a charger's answer, the message log's batch): a second worker runs
// other files meanwhile.
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/ocpp-conformance/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    // A case waits on conditions (frames, rows, a command's 4 s timeout); the limit is for a machine busy with a
    // second worker and other work (one case took over 30 s at a load average of 28 on 2 cores).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/ocpp-conformance/matrix-reporter.ts'],
  },
});
