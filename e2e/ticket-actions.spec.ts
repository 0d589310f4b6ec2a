import { expect, test, type Page } from '@playwright/test';
import { chargerServicingMachine } from '@machines/charger-servicing.machine';
import { shortestPaths, walkPath, type PathStep, type ScreenAdapter } from './machine-paths';
import { signIn, staff, typeDate } from './support';
import { expectPanelState, openAction, workflowPanel } from './workflow-panel';

const actions = (page: Page) => page.getByRole('region', { name: 'Ticket actions' });
/** Today in India (the lists' "today" is the IST date). */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Opens the `nth` open charger servicing ticket of the list (real seeded data); answers its id. */
async function openServicingTicket(page: Page, nth: number): Promise<string> {
  await page.goto('/charger-management/servicing-required?status=OPEN');
  const row = page.getByRole('grid').getByRole('row').nth(nth);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  await row.click();
  await expect(page).toHaveURL(/\/servicing-required\/(?:tickets\/)?\d+$/);
  await expect(actions(page)).toBeVisible();
  return /\/(\d+)$/.exec(page.url())![1]!;
}

test('assign to me with today’s due date → in Today’s Tickets; comment; close with a reason', async ({ page }) => {
  await signIn(page, staff.superAdmin);
  const id = await openServicingTicket(page, 1);
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  // Close is offered once, in the ticket actions (with its reasons), not again in the workflow panel.
  await expect(workflowPanel(page).getByRole('button', { name: 'Set Available Date', exact: true })).toBeVisible();
  await expect(workflowPanel(page).getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expect(actions(page).getByRole('button', { name: 'Close…' })).toBeVisible();

  // Hand it to Priya Nair (Operations) through the staff picker first, then take it.
  const picker = actions(page).getByRole('combobox', { name: 'Assign to' });
  await picker.fill('9000000002');
  await page.getByRole('option', { name: /^Priya Nair/ }).click();
  await expect(picker).toHaveValue(/^Priya Nair/);
  await picker.press('Escape');
  await actions(page).getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Assign: saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('assign');
  await actions(page).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('Assign: saved').first()).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Assign to me' })).toBeDisabled();
  await typeDate(actions(page).getByRole('form', { name: 'Due date' }).getByRole('group', { name: 'Due date' }), istToday());
  await actions(page).getByRole('button', { name: 'Set due date' }).click();
  await expect(page.getByText('Due date: saved')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('set due date');

  // The comment thread: Ctrl+Enter posts.
  const comments = page.getByRole('region', { name: 'Comments' });
  const note = `Spoke to the host at ${Date.now() % 100000}`;
  await comments.getByRole('textbox', { name: 'Add a comment' }).fill(note);
  await comments.getByRole('textbox', { name: 'Add a comment' }).press('Control+Enter');
  await expect(comments.getByRole('listitem').first()).toContainText(note);
  await expect(comments.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');

  // Today's Tickets (a server scope: assigned to me, due or created today) now lists it.
  await page.goto(`/ticket-management/today-tickets?q=${id}`);
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText(title, { timeout: 15_000 });
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/ticket-management/[a-z-]+/${id}$`));
  // The cross-kind page shares the ticket's comment thread, its kind's workflow and its kind's history.
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText(note);
  await expect(workflowPanel(page).getByRole('button', { name: 'Set Available Date', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('set due date');

  // Close with one of the spec's reasons, after a confirm.
  await actions(page).getByRole('button', { name: 'Close…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Close this ticket?' });
  await dialog.getByLabel('Close reason').selectOption({ label: 'Charging Station Not Working' });
  await dialog.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Ticket closed')).toBeVisible();
  await expect(actions(page)).toContainText('Closed: Charging Station Not Working');
  await expect(actions(page).getByRole('button', { name: 'Close…' })).toHaveCount(0);

  // It leaves My Open Tickets.
  await page.goto(`/ticket-management/open-tickets?q=${id}`);
  await expect(page.getByText('No tickets match these filters.')).toBeVisible({ timeout: 15_000 });
});

/** Sample events: their payloads are what the screens type. */
const events: PathStep['event'][] = [
  { type: 'SET_AVAILABLE_DATE', availableDate: istToday() },
  { type: 'SCHEDULE' },
  { type: 'START_SERVICE' },
  { type: 'COMPLETE' },
  { type: 'CLOSE', closeReason: 'SOURCE' },
];

const adapter: ScreenAdapter = {
  start: async (page) => {
    await signIn(page, staff.superAdmin);
    await openServicingTicket(page, 2);
  },
  perform: {
    SET_AVAILABLE_DATE: async (page, event) => {
      const dialog = await openAction(page, 'Set Available Date');
      await typeDate(dialog.getByRole('group', { name: /Available from/ }), String(event.availableDate));
      await dialog.getByRole('button', { name: 'Set Available Date' }).click();
    },
    SCHEDULE: async (page) => (await openAction(page, 'Schedule')).getByRole('button', { name: 'Schedule' }).click(),
    START_SERVICE: async (page) => (await openAction(page, 'Start Service')).getByRole('button', { name: 'Start Service' }).click(),
    COMPLETE: async (page) => (await openAction(page, 'Complete')).getByRole('button', { name: 'Complete' }).click(),
  },
  expectState: async (page, state) => {
    await expectPanelState(page, state);
  },
};

// Generated from the machine: the shortest path to COMPLETED for a ticket without an available date (the guard
// wants the date before scheduling, so the path sets it first).
const [toCompleted] = shortestPaths(chargerServicingMachine, { events, input: { hasAvailableDate: false }, targets: ['COMPLETED'] });

test(`charger servicing on screen: ${toCompleted!.steps.map((s) => s.event.type).join(' → ')}`, async ({ page }) => {
  expect(toCompleted!.steps[0]!.event.type).toBe('SET_AVAILABLE_DATE');
  await walkPath(page, toCompleted!, adapter);
  await expect(workflowPanel(page)).toContainText('Nothing more to do');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('moved it from In Service to Completed (Complete)');
});
