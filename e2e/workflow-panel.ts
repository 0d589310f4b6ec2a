// The record page's workflow panel as journeys drive it: one place for its locators, dialogs and state check.
import { expect, type Locator, type Page } from '@playwright/test';
import { humanise } from '@domain/resource/field';

/** The workflow panel of the record on screen. */
export const workflowPanel = (page: Page): Locator => page.getByRole('region', { name: 'Workflow' });

/** Opens an event's dialog from the workflow panel (the button and the dialog carry the event's label). */
export async function openAction(page: Page, action: string): Promise<Locator> {
  await workflowPanel(page).getByRole('button', { name: action, exact: true }).click();
  return page.getByRole('dialog', { name: action });
}

/** Sends an event that needs no payload: opens its dialog and confirms it. */
export async function pressAction(page: Page, action: string): Promise<void> {
  const dialog = await openAction(page, action);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Checks the panel shows `state` (as the console words a status value) with no dialog left open. */
export async function expectPanelState(page: Page, state: string): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(workflowPanel(page).getByRole('heading')).toContainText(humanise(state));
}
