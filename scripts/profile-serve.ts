// Profiling aid: serves the benchmarks' signed-in app (scale 10, `.tmp/bench-data` or DATABASE_URL) on port 3399 for
// SECS seconds (default 25) and writes the Super Admin's Authorization header to /tmp/czo-profile-headers.json, so
// a load from outside (autocannon) can be profiled: `node --cpu-prof --import tsx scripts/profile-serve.ts`, or
// `node --perf-basic-prof …` with `perf record -p PID` for CPU samples (V8's profiler samples wall time, so time
// spent waiting for the database's process while the machine is busy shows up in the call that was running).
import { writeFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openBenchApp } from './bench-support';

const bench = await openBenchApp({ scale: 10, dataDir: '.tmp/bench-data' });
const server = serve({ fetch: bench.app.fetch, port: Number(process.env.PORT ?? 3399) }, () => {
  writeFileSync('/tmp/czo-profile-headers.json', JSON.stringify(bench.headers));
  console.log('ready');
});
setTimeout(
  () => {
    server.close();
    void bench.database.close().then(() => process.exit(0));
  },
  Number(process.env.SECS ?? 25) * 1000,
);
