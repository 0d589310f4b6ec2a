// Chargers map benchmark (targets at 50,000 points: first render ≤ 1 s, pan and zoom frames p95 ≤ 16.7 ms): the
// console's NetworkMap on bench-map.html with N generated chargers given as the map endpoint's answer, in headless
// Chromium, WebGL in software (SwiftShader). Per size, three page loads, together giving:
// - first render: render() → the first idle frame with the points drawn and the cluster badges placed (median of
//   the loads), and navigation → that frame (scripts, generating and parsing the answer too);
// - frames: scripted pans (panBy) and zooms (easeTo towards Bengaluru down to single chargers and back), 1 s each,
//   on every load: the interval between animation frames with Chromium's frame-rate limit and vsync off (so an
//   interval is the time a frame took, not 16.7 ms of waiting), and MapLibre's own render call per frame.
// Size 0 is the base map alone (sea, India, no points): the floor the points' figures stand on, as in software
// rendering most of a frame's time is drawing and compositing the whole canvas, whatever is on it.
// The machine's load average is printed with the figures: on a shared machine they are upper bounds.
// Serves the built console folder (argument; default dist) itself: no API server needed.
// Usage: npm run bench:map   (or: tsx scripts/bench-map.ts <built folder> [sizes, e.g. 10000,50000])
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { MapBenchResult, MoveSamples } from '../src/app/network/bench/map-bench-main';
import { launchBenchBrowser, serveBuilt } from './bench-static';

const root = process.argv[2] ?? 'dist';
const sizes = (process.argv[3] ?? '0,10000,50000').split(',').map(Number);
if (!existsSync(join(root, 'bench-map.html'))) throw new Error(`${root}/bench-map.html is missing: build first (vite build)`);

const { base, server } = await serveBuilt(root, 'bench-map.html');
const browser = await launchBenchBrowser();

const LOADS = 3;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
function quantiles(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
}
const ms = (v: number) => v.toFixed(1).padStart(7);
const load = () => loadavg().map((v) => v.toFixed(2)).join(', ');

console.log(`Chargers map benchmark, headless Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}), ${availableParallelism()} cores`);
console.log(`Load average before: ${load()} (a shared machine: other work runs beside this)`);
let renderer = '';
try {
  for (const n of sizes) {
    const firsts: MapBenchResult[] = [];
    const moves: Record<'pan' | 'zoom', MoveSamples> = { pan: { frames: [], render: [] }, zoom: { frames: [], render: [] } };
    for (let k = 0; k < LOADS; k++) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
      try {
        await page.goto(`${base}/bench-map.html?n=${n}`);
        await page.waitForFunction(() => window.__mapBench ?? window.__mapBenchError, undefined, { timeout: 300_000 });
        const error = await page.evaluate(() => window.__mapBenchError);
        if (error) throw new Error(`bench page: ${error}`);
        const first = (await page.evaluate(() => window.__mapBench))!;
        firsts.push(first);
        renderer = first.renderer;
        const drive = await page.evaluate(() => window.__drive!());
        for (const kind of ['pan', 'zoom'] as const) {
          moves[kind].frames.push(...drive[kind].frames);
          moves[kind].render.push(...drive[kind].render);
        }
      } finally {
        await page.close();
      }
    }
    const pick = (key: keyof MapBenchResult) => median(firsts.map((f) => f[key] as number));
    const title = n === 0 ? 'Base map only, no points' : `${n.toLocaleString('en-IN')} points`;
    console.log(`\n${title} (${LOADS} page loads; ${firsts[0]!.badges} cluster badges on the first frame; load average ${load()})`);
    console.log(`  first render (render() → points drawn): ${pick('firstRender').toFixed(0)} ms median [${firsts.map((f) => f.firstRender.toFixed(0)).join(', ')}]   target ≤ 1000 ms`);
    console.log(`    of which: map loaded ${pick('mapLoad').toFixed(0)} ms, points clustered and loaded ${pick('pointsLoaded').toFixed(0)} ms (from render())`);
    console.log(`  navigation → points drawn: ${pick('sinceNavigation').toFixed(0)} ms; map chunk import ${pick('chunk').toFixed(0)} ms; answer parse ${pick('parse').toFixed(0)} ms`);
    console.log('  frames (ms)             samples      p50      p95      max   target p95 ≤ 16.7');
    for (const kind of ['pan', 'zoom'] as const) {
      const f = quantiles(moves[kind].frames);
      const r = quantiles(moves[kind].render);
      console.log(`  ${kind.padEnd(4)} frame interval    ${String(f.n).padStart(7)}  ${ms(f.p50)}  ${ms(f.p95)}  ${ms(f.max)}`);
      console.log(`  ${kind.padEnd(4)} MapLibre render   ${String(r.n).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`\nWebGL renderer: ${renderer}`);
console.log(`Load average after: ${load()}`);
