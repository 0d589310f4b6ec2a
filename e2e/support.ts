import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** The run's folder and the e2e server's log (playwright.config.ts). */
const e2eDir = process.env.E2E_DIR ?? '.tmp/e2e';
export const serverLog = `${e2eDir}/server.log`;

/** Demo staff of the seed (server/seed/demo-staff.ts), by role. */
export const staff = {
  superAdmin: '9000000001',
  operations: '9000000002',
  fieldTechnician: '9000000003',
  finance: '9000000004',
  customerSupport: '9000000005',
  readOnly: '9000000006',
  noRole: '9000000007',
  inactive: '9000000008',
} as const;

/** Every one-time code the local SMS provider printed for a number, oldest first. */
function codesFor(mobileNumber: string): string[] {
  const log = readFileSync(serverLog, 'utf8');
  return [...log.matchAll(new RegExp(`\\[sms:log\\] OTP ${mobileNumber} (\\d{6})`, 'g'))].map((m) => m[1]!);
}

/**
 * Runs `work` while no other worker signs `mobileNumber` in: only a number's latest code is valid, so two workers
 * requesting codes for one number at once would each spoil the other's. The lock is a directory in the run's
 * folder (mkdir is atomic), which playwright.config.ts empties before every run.
 */
export async function withNumberLock<T>(mobileNumber: string, work: () => Promise<T>): Promise<T> {
  const dir = `${e2eDir}/locks`;
  mkdirSync(dir, { recursive: true });
  const lock = `${dir}/${mobileNumber}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`another worker held the sign-in lock of ${mobileNumber} for a minute`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Requests a code through the sign-in screen and returns it, read from the server log (hold withNumberLock). */
export async function requestCode(page: Page, mobileNumber: string, typed = mobileNumber): Promise<string> {
  const before = codesFor(mobileNumber).length;
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('One-time code')).toBeVisible();
  let codes: string[] = [];
  await expect.poll(() => (codes = codesFor(mobileNumber)).length, { timeout: 5_000 }).toBeGreaterThan(before);
  return codes[codes.length - 1]!;
}

/**
 * Signs in through the real screens (a new session of its own) and waits for the home page. Journeys that sign out
 * use this, so they never end a session other journeys share.
 */
export async function signInThroughScreens(page: Page, mobileNumber: string): Promise<void> {
  await withNumberLock(mobileNumber, async () => {
    const code = await requestCode(page, mobileNumber);
    await page.getByLabel('One-time code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** This worker's signed-in console storage, by number: what the browser held right after signing in on screen. */
const signedInStorage = new Map<string, Record<string, string>>();

/**
 * Opens the home page signed in as `mobileNumber`. The first time in a worker it signs in through the real screens
 * and keeps what the console stored; later journeys start from that storage (the same session), which saves each
 * journey its sign-in. A session that no longer works (signed out elsewhere) is replaced by a new sign-in.
 */
export async function signIn(page: Page, mobileNumber: string): Promise<void> {
  const stored = signedInStorage.get(mobileNumber);
  if (stored) {
    // Any page of the console's origin gives access to its storage; /health is the smallest.
    await page.goto('/health');
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, stored);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const login = page.getByLabel('Mobile number');
    await expect(menu.or(login)).toBeVisible();
    if (await menu.isVisible()) return;
    signedInStorage.delete(mobileNumber);
  }
  await signInThroughScreens(page, mobileNumber);
  signedInStorage.set(mobileNumber, await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))));
}

/** This worker's API keys, by number (sessions no journey signs out). */
const apiKeys = new Map<string, string>();

/** A bearer key for API calls of `mobileNumber`, signed in through send-otp and verify-otp once per worker. */
export async function apiKey(request: APIRequestContext, mobileNumber: string): Promise<string> {
  const known = apiKeys.get(mobileNumber);
  if (known) return known;
  const key = await withNumberLock(mobileNumber, async () => {
    const before = codesFor(mobileNumber).length;
    expect((await request.post('/auth-service/czo/send-otp', { data: { mobileNumber } })).status()).toBe(202);
    let codes: string[] = [];
    await expect.poll(() => (codes = codesFor(mobileNumber)).length, { timeout: 5_000 }).toBeGreaterThan(before);
    const verified = await request.post('/auth-service/czo/verify-otp', { data: { mobileNumber, otp: codes[codes.length - 1] } });
    expect(verified.status()).toBe(200);
    return ((await verified.json()) as { authKey: string }).authKey;
  });
  apiKeys.set(mobileNumber, key);
  return key;
}

/** The menu as visible text, for comparing what two roles see. */
export async function menuText(page: Page): Promise<string> {
  return (await page.getByRole('navigation', { name: 'Main menu' }).innerText()).trim();
}

/**
 * Signs in through the real screens and returns the console's Authorization header, caught from its own API calls,
 * for journeys that look records up through the real API (never to fake a screen).
 */
export async function signInAndCatchAuth(page: Page, mobileNumber: string = staff.superAdmin): Promise<string> {
  let auth = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header) auth = header;
  });
  await signIn(page, mobileNumber);
  await expect.poll(() => auth).not.toBe('');
  return auth;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A `test` whose own `page` starts signed in as `mobileNumber`: the sign-in runs once per worker through the real
 * screens (codes are rate limited per number), and each test gets a fresh context with that session, so every page
 * a test uses is its own and its failure artefacts show its own screen.
 */
export function testSignedInAs(mobileNumber: string) {
  return test.extend<object, { signedInState: StorageState }>({
    signedInState: [
      async ({ browser }, use, workerInfo) => {
        const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
        try {
          await signIn(await context.newPage(), mobileNumber);
          await use(await context.storageState());
        } finally {
          await context.close();
        }
      },
      { scope: 'worker' },
    ],
    storageState: ({ signedInState }, use) => use(signedInState),
  });
}

/**
 * Types a date (YYYY-MM-DD) into a console date field, as a user does: the day segment, then DDMMYYYY (each segment
 * moves on by itself). `field` is the field's group (getByRole('group', { name: label })).
 */
export async function typeDate(field: Locator, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${day}${month}${year}`);
}

/**
 * Claims `name` for this journey in this run (a directory in the run's folder; mkdir is atomic): true for the first
 * caller only, so repeats of one journey running at once each pick a different record.
 */
export function claimForThisRun(name: string): boolean {
  const dir = `${e2eDir}/claims`;
  mkdirSync(dir, { recursive: true });
  try {
    mkdirSync(`${dir}/${name}`);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/**
 * Opens an action of the record on screen from its header: its button, or its item under More (where the header
 * keeps what does not fit and what cannot be undone).
 */
export async function openRecordAction(page: Page, name: string): Promise<void> {
  const header = page.locator('.record-header');
  const button = header.getByRole('button', { name, exact: true });
  const more = header.getByRole('button', { name: 'More', exact: true });
  await expect(button.or(more).first()).toBeVisible();
  if (await button.isVisible()) {
    await button.click();
    return;
  }
  await more.click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
