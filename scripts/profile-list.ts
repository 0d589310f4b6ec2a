// Profiling aid: runs the bookings list N times in process. Run with node --cpu-prof (docs/benchmarks.md, Profiling aids).
import { openBenchApp } from './bench-support';
const n = Number(process.argv[2] ?? 2000);
const url = process.argv[3] ?? '/booking-service/admin/booking?page=0&size=20';
const bench = await openBenchApp({ scale: 10, dataDir: '.tmp/bench-data' });
const started = performance.now();
for (let i = 0; i < n; i += 1) await (await bench.app.request(url, { headers: bench.headers })).arrayBuffer();
console.log(`${n} requests in ${(performance.now() - started).toFixed(0)} ms: ${((performance.now() - started) / n).toFixed(2)} ms each`);
await bench.database.close();
