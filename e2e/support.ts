import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/** The e2e server's log (playwright.config.ts). */
export const serverLog = `${process.env.E2E_DIR ?? '.tmp/e2e'}/server.log`;

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

/** Requests a code through the sign-in screen and returns it, read from the server log. */
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

/** Signs in through the real screens and waits for the home page. */
export async function signIn(page: Page, mobileNumber: string): Promise<void> {
  const code = await requestCode(page, mobileNumber);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
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
