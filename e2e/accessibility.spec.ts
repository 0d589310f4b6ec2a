import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signIn, staff } from './support';

/**
 * axe-core on every page kind of the console: no serious and no critical violation. axe runs inside the
 * page through Playwright's evaluate (a DevTools call, so the console's Content-Security-Policy stays on as users get
 * it). @axe-core/playwright 4.14 needs Node 22, so the engine itself is loaded here: the same axe-core and rule set.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations of what the page shows now, one line each (rule, help, first targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/** Waits until a list's first page has rendered its rows. */
async function rowsShown(page: Page): Promise<void> {
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
}

test('the sign-in page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every signed-in page kind has no serious or critical accessibility violation', async ({ page }) => {
  // axe takes 1-4 s a page on a busy 2-core machine.
  test.setTimeout(120_000);
  await signIn(page, staff.superAdmin);
  const found: Record<string, string[]> = {};
  const check = async (kind: string) => {
    // Colours are judged as they end up: a drawer or dialog still sliding or fading in reads as low contrast.
    // (Endless ones, a spinner's, are not waited for.)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    found[kind] = await seriousViolations(page);
  };

  // Home as a user opens it. (Straight after sign-in, react-aria's live announcer still holds, for 7 s, its
  // announcement of the sign-in button, named by a node that is gone: axe flags that, the page does not cause it.)
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('home');

  await page.goto('/booking-management/all-bookings');
  await rowsShown(page);
  await check('list');

  await page.goto('/charger-management/all-chargers');
  await rowsShown(page);
  await page.getByRole('grid').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/all-chargers\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('record');

  await page.goto('/global-data-management/city/add');
  await expect(page.getByRole('button', { name: /save|create|add/i }).first()).toBeVisible();
  await check('form');

  await page.goto('/charger-management/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create charger' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await check('create charger');

  await page.goto('/charger-management/servicing-required?status=OPEN');
  await rowsShown(page);
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page.getByRole('complementary', { name: 'Properties' })).toBeVisible();
  await check('ticket');

  await page.goto('/finance-management/settlement-history/upload');
  await expect(page.getByLabel('Bookings CSV')).toBeAttached();
  await check('settlement upload');

  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option').first()).toBeVisible();
  await check('palette');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await check('mobile menu');

  expect(Object.keys(found)).toHaveLength(9);
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((kind) => [kind, []])));
});
