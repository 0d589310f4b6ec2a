import { expect, test } from '@playwright/test';
import type { InstallationEvent } from '../machines/installation.events';
import { installationMachine } from '../machines/installation.machine';
import { shortestPaths, walkPath, type ScreenAdapter } from './machine-paths';
import { signInAndCatchAuth } from './support';
import { expectPanelState, pressAction, workflowPanel } from './workflow-panel';

const events: InstallationEvent[] = [
  { type: 'FILL_FORM', phoneNumber: '+91 98450 66666', uniqueId: 'CZE2E0001', purposeOfAssigning: 'INSTALLATION' },
  { type: 'SEND_FOR_APPROVAL' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'Wrong unique id' },
  { type: 'MARK_INSTALLED' },
  { type: 'FORCE_CLOSE', reason: 'Host cancelled' },
];

test('an installation reaches installed, its form filled on the installation draft screen (path generated from the machine)', async ({ page }) => {
  const [path] = shortestPaths(installationMachine, { events, targets: ['INSTALLED'] });
  const auth = await signInAndCatchAuth(page);
  const uniqueId = `CZE2E${Date.now() % 100000}`;

  const adapter: ScreenAdapter = {
    start: async (p) => {
      const res = await p.request.post('/ticket-service/charger-installation', {
        headers: { authorization: auth },
        data: { title: 'Install charger at Sagar Ratna, Indiranagar', phoneNumber: '9845044444', uniqueId, purposeOfAssigning: 'DELIVERY', qrCodeValue: 'https://qr.czo.example/c/old' },
      });
      expect(res.status()).toBe(201);
      await p.goto(`/charger-management/installation/${(await res.json()).id}`);
      await adapter.expectState(p, 'OPEN');
    },
    perform: {
      FILL_FORM: async (p, event) => {
        await p.getByRole('link', { name: 'Fill installation form' }).click();
        await expect(p.getByRole('heading', { name: 'Installation form' })).toBeVisible();
        const phone = p.getByRole('textbox', { name: /Host phone number/ });
        await expect(phone).toHaveValue('9845044444');
        // Reset clears the draft but keeps its unique id.
        await p.getByRole('button', { name: 'Reset' }).click();
        await expect(phone).toHaveValue('');
        await expect(p.getByRole('textbox', { name: /QR code value/ })).toHaveValue('');
        await expect(p.getByRole('textbox', { name: /Charger unique id/ })).toHaveValue(uniqueId);
        await phone.fill(String(event.phoneNumber));
        await p.getByRole('button', { name: /Purpose/ }).click();
        await p.getByRole('option', { name: 'Installation' }).click();
        await p.getByRole('button', { name: 'Save form' }).click();
        await expect(p.getByText('Installation form saved')).toBeVisible();
        await expect(workflowPanel(p)).toBeVisible();
      },
      SEND_FOR_APPROVAL: (p) => pressAction(p, 'Send For Approval'),
      APPROVE: (p) => pressAction(p, 'Approve'),
      MARK_INSTALLED: (p) => pressAction(p, 'Mark Installed'),
    },
    expectState: async (p, state) => {
      await expectPanelState(p, state);
    },
  };

  await walkPath(page, path!, adapter);
  await expect(page.getByRole('link', { name: 'Fill installation form' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Charger installation ticket' })).toContainText('+91 98450 66666');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('(Fill Form)');
});
