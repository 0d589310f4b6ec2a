// Palette benchmark: keystroke-to-paint and mount of our palette (own ranking, virtualised list) against cmdk's
// default filtering (every item rendered, cmdk's filter), over 1,000 / 10,000 / 50,000 generated local entries, in
// headless Chromium. Mount is render() → first commit painted, timed in the page; page load (navigation → painted,
// which also counts loading the scripts and generating the entries) is printed beside it; both are the median of
// three page loads.
// Serves the built console folder (argument; default dist) itself: no API server needed.
// Usage: npm run bench:palette   (or: tsx scripts/bench-palette.ts <built folder> [sizes, e.g. 1000,10000])
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchBenchBrowser, serveBuilt } from './bench-static';

const root = process.argv[2] ?? 'dist';
const sizes = (process.argv[3] ?? '1000,10000,50000').split(',').map(Number);
if (!existsSync(join(root, 'bench.html'))) throw new Error(`${root}/bench.html is missing: build first (vite build)`);

/** The fixed keystroke sequence: typing that narrows, deleting that widens, a second word, a new word. */
const keys = [...'charger 12', 'Backspace', 'Backspace', 'Backspace', ...'koram', ...Array(15).fill('Backspace'), ...'stat', 'Backspace', ...'ion'];
/** What the input holds after `sequence`. */
const typedBy = (sequence: readonly string[]) => sequence.reduce((text, key) => (key === 'Backspace' ? text.slice(0, -1) : text + key), '');
/**
 * Typed before measuring, then erased, so both palettes are measured with warm JIT code: the measured sequence
 * itself (a search path the browser has not compiled yet costs 10–25 ms at 50,000 entries the first time, so a
 * shorter warm-up leaves the first measured keystrokes cold). PALETTE_WARM_UP=short types "sett" instead, to
 * compare with figures taken that way.
 */
const warmUp = process.env.PALETTE_WARM_UP === 'short' ? [...'sett'] : keys;
const erase = Array<string>(typedBy(warmUp).length).fill('Backspace');

const { base, server } = await serveBuilt(root, 'bench.html');
const browser = await launchBenchBrowser();

interface Stats {
  median: number;
  p95: number;
  max: number;
  /** render() called → first commit painted, timed in the page (the palette's own mount). */
  mount: number;
  /** Navigation → painted: page load, script start, the generated entries, then the mount (the whole page, not only the palette). */
  load: number;
  /** Median of our ranking alone per keystroke (ours only; cmdk's filtering is inside its render). */
  rank?: number;
}

function stats(samples: number[], mount = 0, load = 0): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!, mount, load };
}

/** Page loads per palette and size: mount and page load are the median of these (the keystrokes run on the last). */
const LOADS = 3;

async function measure(page: Page, n: number, mode: 'ours' | 'cmdk'): Promise<Stats> {
  const mounts: number[] = [];
  const loads: number[] = [];
  for (let k = 0; k < LOADS; k++) {
    const t0 = Date.now();
    await page.goto(`${base}/bench.html?n=${n}&mode=${mode}`);
    await page.waitForFunction(() => window.__ready, undefined, { timeout: 300_000 });
    loads.push(Date.now() - t0);
    mounts.push(await page.evaluate(() => window.__mount));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const mount = median(mounts);
  const load = median(loads);
  await page.locator('[cmdk-input]').focus();
  const type = async (sequence: readonly string[]) => {
    for (const key of sequence) {
      const before = await page.evaluate(() => window.__samples.length);
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      // Woken by the page when the sample is in: polling every frame would keep the page's main thread busy between
      // keystrokes (frames are not rate-limited here) and delay the next keystroke's frame.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no sample for ${JSON.stringify(key)} in 120 s`)), 120_000)));
      await Promise.race([page.evaluate((count) => window.__sampled(count), before), timeout]).finally(() => clearTimeout(timer));
    }
  };
  // Warm-up (not measured): see warmUp above.
  await type([...warmUp, ...erase]);
  await page.evaluate(() => {
    window.__samples = [];
    window.__ranks = [];
  });
  await type(keys);
  const ranks = await page.evaluate(() => window.__ranks);
  return { ...stats(await page.evaluate(() => window.__samples), mount, load), ...(ranks.length > 0 ? { rank: stats(ranks).median } : {}) };
}

const fmt = (v: number) => v.toFixed(1).padStart(7);
console.log(`Keystroke-to-paint (ms) over ${keys.length} keystrokes, headless Chromium; warm-up: ${process.env.PALETTE_WARM_UP === 'short' ? '"sett"' : 'the same keystrokes'}, typed and erased first`);
console.log('entries  palette        median      p95      max   mount(ms)  page load(ms)   ranking median (ms)');
try {
  for (const n of sizes) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const ours = await measure(page, n, 'ours');
    const cmdk = await measure(page, n, 'cmdk');
    await page.close();
    console.log(`${String(n).padStart(7)}  ours        ${fmt(ours.median)}  ${fmt(ours.p95)}  ${fmt(ours.max)}  ${fmt(ours.mount)}  ${String(ours.load).padStart(12)}   ${ours.rank?.toFixed(2) ?? '–'}`);
    console.log(`${String(n).padStart(7)}  cmdk default${fmt(cmdk.median)}  ${fmt(cmdk.p95)}  ${fmt(cmdk.max)}  ${fmt(cmdk.mount)}  ${String(cmdk.load).padStart(12)}`);
    console.log(`${String(n).padStart(7)}  ratio (cmdk / ours): median ${(cmdk.median / ours.median).toFixed(1)}×, p95 ${(cmdk.p95 / ours.p95).toFixed(1)}×, mount ${(cmdk.mount / ours.mount).toFixed(1)}×`);
  }
} finally {
  await browser.close();
  server.close();
}
