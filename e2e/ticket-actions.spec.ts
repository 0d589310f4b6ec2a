import { expect, test, type Page } from '@playwright/test';
import { chargerServicingMachine } from '@machines/charger-servicing.machine';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { shortestPaths, walkPath, type PathStep, type ScreenAdapter } from './machine-paths';
import { claimForThisRun, signInAndCatchAuth, staff, typeDate } from './support';
import { expectPanelState, openAction, workflowPanel } from './workflow-panel';

const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
/** Today in India (the lists' "today" is the IST date). */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** An open charger servicing ticket (real seeded data) no other journey of this run has taken: each changes its own. */
async function claimServicingTicket(page: Page, auth: string): Promise<string> {
  const res = await page.request.get(`${chargerServicingTicketResource.apiPath}?status=OPEN&size=100`, { headers: { authorization: auth } });
  const { items } = (await res.json()) as { items: Record<string, unknown>[] };
  // Not one already Priya Nair's: the journey hands it to her, and choosing the assignee it has saves nothing.
  const notPriyas = (t: Record<string, unknown>) => !String((t._labels as Record<string, unknown> | undefined)?.assignee ?? '').startsWith('Priya Nair');
  const ticket = items.find((t) => notPriyas(t) && claimForThisRun(`servicing-ticket-${String(t.id)}`));
  expect(ticket, 'an open servicing ticket not taken by another journey of this run').toBeDefined();
  return String(ticket!.id);
}

/** Opens the ticket from the open servicing list, as staff find it. */
async function openServicingTicket(page: Page, id: string): Promise<void> {
  await page.goto(`/charger-management/servicing-required?status=OPEN&q=${id}`);
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/servicing-required/(?:tickets/)?${id}$`));
  await expect(properties(page)).toBeVisible();
}

/** The in-place button of a property ("Change priority: High"). */
const propertyButton = (page: Page, label: string) => properties(page).getByRole('button', { name: new RegExp(`^Change ${label}: `) });

test('assign in place and undo; assign to me with today’s due date → in Today’s Tickets; comment; close with a reason', async ({ page }) => {
  const auth = await signInAndCatchAuth(page, staff.superAdmin);
  const id = await claimServicingTicket(page, auth);
  await openServicingTicket(page, id);
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  // Close is offered once, in the header's workflow bar with its reasons (Close…), not again as a bare event.
  await expect(workflowPanel(page).getByRole('button', { name: 'Set Available Date', exact: true })).toBeVisible();
  await expect(workflowPanel(page).getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expect(workflowPanel(page).getByRole('button', { name: 'Close…' })).toBeVisible();
  // The separate action forms are gone: each property is edited where it is shown.
  for (const name of ['Assign', 'Set priority', 'Set due date', 'Save tags']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  /** Hands the ticket to Priya Nair (Operations) through the staff picker in place: choosing her saves at once. */
  const assignPriya = async () => {
    await propertyButton(page, 'assignee').click();
    const picker = properties(page).getByRole('combobox', { name: 'Assignee' });
    await expect(picker).toBeFocused();
    await picker.fill('9000000002');
    await page.getByRole('option', { name: /^Priya Nair/ }).click();
    await expect(page.getByText('Assignee: saved').first()).toBeVisible();
    await expect(propertyButton(page, 'assignee')).toHaveText(/^Priya Nair/);
  };
  const shownBefore = ((await propertyButton(page, 'assignee').getAttribute('aria-label')) ?? '').replace(/^Change assignee: /, '');
  // The panel names a person with their number; the history by name.
  const before = shownBefore.split(' · ')[0]!;
  await assignPriya();
  await expect(history(page)).toContainText(`Assignee: ${before} → Priya Nair`);
  // Undo (within its 5 s) puts the previous assignee back through the same route.
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).first().click();
  await expect(page.getByText('Assignee: put back')).toBeVisible();
  await expect(propertyButton(page, 'assignee')).toHaveText(shownBefore);
  await expect(history(page)).toContainText(`Assignee: Priya Nair → ${before}`);
  await assignPriya();

  // Then take it, and set today's due date.
  await propertyButton(page, 'assignee').click();
  await properties(page).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('Assignee: saved').first()).toBeVisible();
  await propertyButton(page, 'assignee').click();
  await expect(properties(page).getByRole('button', { name: 'Assign to me' })).toBeDisabled();
  await properties(page).getByRole('button', { name: 'Cancel' }).click();
  // D, the letter the due date's button announces (aria-keyshortcuts), opens its editor.
  await expect(propertyButton(page, 'due date')).toHaveAttribute('aria-keyshortcuts', 'D');
  await page.keyboard.press('d');
  const dueDate = properties(page).getByRole('form', { name: 'Due date' });
  await typeDate(dueDate.getByRole('group', { name: 'Due date' }), istToday());
  await dueDate.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Due date: saved')).toBeVisible();
  await expect(history(page)).toContainText('set its due date');

  // The comment box sits at the end of the timeline; Ctrl+Enter posts, and the comment is the newest entry.
  const note = `Spoke to the host at ${Date.now() % 100000}`;
  const box = history(page).getByRole('textbox', { name: 'Add a comment' });
  await box.fill(note);
  await box.press('Control+Enter');
  await expect(history(page).getByRole('listitem').filter({ hasText: note })).toBeVisible();
  await expect(box).toHaveValue('');

  // Today's Tickets (a server scope: assigned to me, due or created today) now lists it.
  await page.goto(`/ticket-management/today-tickets?q=${id}`);
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText(title, { timeout: 15_000 });
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/ticket-management/[a-z-]+/${id}$`));
  // The cross-kind page shares the ticket's comments, its kind's workflow and its kind's history.
  await expect(history(page)).toContainText(note);
  await expect(workflowPanel(page).getByRole('button', { name: 'Set Available Date', exact: true })).toBeVisible();
  await expect(history(page)).toContainText('set its due date');

  // Close with one of the close reasons, after a confirm; C, the letter Close announces, opens it.
  await expect(workflowPanel(page).getByRole('button', { name: 'Close…' })).toHaveAttribute('aria-keyshortcuts', 'C');
  await page.keyboard.press('c');
  const dialog = page.getByRole('alertdialog', { name: 'Close this ticket?' });
  await dialog.getByLabel('Close reason').selectOption({ label: 'Charging Station Not Working' });
  await dialog.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Ticket closed')).toBeVisible();
  await expect(properties(page)).toContainText('Charging Station Not Working');
  await expect(workflowPanel(page).getByRole('button', { name: 'Close…' })).toHaveCount(0);

  // It leaves My Open Tickets.
  await page.goto(`/ticket-management/open-tickets?q=${id}`);
  await expect(page.getByText('No tickets match these filters.')).toBeVisible({ timeout: 15_000 });
});

test('a ticket changed by someone else while its tags are being edited says so and offers Reload', async ({ page }) => {
  const auth = await signInAndCatchAuth(page, staff.superAdmin);
  const id = await claimServicingTicket(page, auth);
  await openServicingTicket(page, id);
  await propertyButton(page, 'tags').click();
  const tags = properties(page).getByRole('form', { name: 'Tags' });
  const firstTag = tags.getByRole('checkbox').first();
  await firstTag.click();
  const checked = await firstTag.isChecked();
  // Someone else changes the priority through the API: the live channel tells the open page.
  const ticket = await (await page.request.get(`${chargerServicingTicketResource.apiPath}/${id}`, { headers: { authorization: auth } })).json();
  const priority = ticket.priority === 'URGENT' ? 'LOW' : 'URGENT';
  const res = await page.request.post(`/ticket-service/admin/ticket/${id}/priority`, { headers: { authorization: auth }, data: { priority, version: ticket.version } });
  expect(res.status()).toBe(200);
  await expect(page.getByText('This record was changed by someone else ·')).toBeVisible({ timeout: 15_000 });
  // What the user was doing stays as it was.
  await expect(firstTag).toBeChecked({ checked });
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(page.getByText('This record was changed by someone else ·')).toHaveCount(0);
  await expect(tags).toHaveCount(0);
  await expect(propertyButton(page, 'priority')).toHaveText(priority === 'URGENT' ? 'Urgent' : 'Low');
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
    const auth = await signInAndCatchAuth(page, staff.superAdmin);
    await openServicingTicket(page, await claimServicingTicket(page, auth));
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
