import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * Debian's chromium-headless-shell when installed (e2e/ensure-chromium.sh installs it), else Debian's chromium. The
 * shell is the same Chromium build without the full browser's headless mode (no browser UI renderer, no on-device
 * model service): the shell, palette, screenshot and map journeys took 126 s with it against 197 s with
 * /usr/bin/chromium on 2 cores, the screenshots equal to the same baselines.
 */
const chromium = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
/** Where a run keeps its database and server log (E2E_DIR lets two runs sit side by side). */
const e2eDir = process.env.E2E_DIR ?? '.tmp/e2e';
/** The server's log, where the local SMS provider prints one-time codes; e2e/support reads it. */
export const e2eServerLog = `${e2eDir}/server.log`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two workers (one per core of CI): 4.5 min instead of 7 for the 57 journeys. Only a number's latest one-time code
  // is valid, so sign-ins of one number never overlap (e2e/support.ts withNumberLock), and a journey that changes
  // what a user keeps on the server (pins) uses a user no journey of another file changes.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 7_000,
    // The screenshot tests (e2e/screenshots.spec.ts): still pages (no animation, no caret), CSS pixels, the volatile
    // parts taken out by e2e/screenshots.css. Up to 1% of the pixels may differ (anti-aliasing of a glyph or a border
    // after a Chromium or FreeType update); a moved panel or a missing column changes far more.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css', stylePath: 'e2e/screenshots.css' },
  },
  // Baselines by platform only (never by machine or browser build): e2e/screenshots.spec.ts-snapshots/home-chromium-linux.png.
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{-projectName}{-platform}{ext}',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every journey made the suite about 40% slower (shell, palette and create-charger: 120-136 s
    // against 79-84 s without), and CI keeps only what it prints; E2E_TRACE=retain-on-failure (or --trace) records them.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } } }],
  webServer: {
    // A real server process on a fresh embedded database, serving the built console (npm run test:e2e builds it).
    command: `rm -rf ${e2eDir} && mkdir -p ${e2eDir} && exec npx tsx server/main.ts > ${e2eServerLog} 2>&1`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    // E2E_SERVER_TIMEOUT_MS: a machine shared with other builds may take longer to migrate and seed.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `${e2eDir}/data`,
      // The embedded database in memory: the server is ready in about half the time (13-16 s against 20-28 s measured
      // on a busy 2-core machine), and nothing of a run needs to outlive it.
      DATABASE_IN_MEMORY: 'true',
      STATIC_DIR: process.env.STATIC_DIR ?? './dist',
      NODE_ENV: 'test',
      // A tenth of the demo data: every list still has rows, and the server is ready in a few seconds.
      SEED_SCALE: process.env.SEED_SCALE ?? '0.1',
      // Journeys sign in many times from one address; the limits themselves are covered by the API tests.
      OTP_SENDS_PER_NUMBER: '1000',
      OTP_SENDS_PER_CLIENT: '1000',
      OTP_RESEND_AFTER_SECONDS: '30',
      // The wrong-code journey burns a code each run; repeated (--repeat-each 3) it would block its number.
      OTP_BLOCK_AFTER_BURNT_CODES: '1000',
      // No simulated OCPP fleet: a journey that needs a charger starts its own simulated one.
      SIMULATED_CHARGERS: '0',
    },
  },
});
