import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiKey, signIn, staff } from './support';

// One journey through the invoices: open an unpaid invoice, download its PDF (the answer is a PDF) and send the
// customer a reminder. Each repeat (and retry) takes its own unpaid invoice: the unpaid ones in the list’s order (issue date, then id) are stable
// (a reminder does not change the order), so repeats running at once never remind the same invoice.
test('open an unpaid invoice, download its PDF and send a reminder', async ({ page, request }, testInfo) => {
  const key = await apiKey(request, staff.finance);
  const listed = await request.get('/pw-service/gst-invoice?paymentStatus=UNPAID&size=50', { headers: { Authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const { items } = (await listed.json()) as { items: { id: number; invoiceNumber: string; paymentStatus: string }[] };
  const invoice = items[testInfo.repeatEachIndex * 4 + testInfo.retry];
  expect(invoice?.paymentStatus).toBe('UNPAID');

  await signIn(page, staff.finance);
  await page.goto(`/finance-management/invoice/${invoice!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: invoice!.invoiceNumber })).toBeVisible();

  // Download PDF: the file comes through the session's fetch and the browser saves it.
  const [answer, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/pw-service/gst-invoice/${invoice!.id}/pdf`)),
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toBe(`${invoice!.invoiceNumber.replaceAll('/', '-')}.pdf`);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Send reminder, behind its confirm; a second one the same day is refused with the time the next may go.
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send reminder' });
  await expect(dialog).toContainText('at most one reminder a day');
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Send reminder: done')).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(/reminder/i);

  await page.getByRole('button', { name: 'Send reminder' }).click();
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(dialog).toContainText('the next can be sent from');
});
