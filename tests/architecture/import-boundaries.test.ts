import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';

// The import directions (docs/architecture.md) are lint rules; these cases lint code as if it stood in each folder.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  return ruleErrors('no-restricted-imports', filePath, code);
}

async function ruleErrors(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/** The messages of the rule that keeps resource names out of the generic pages. */
async function resourceNameErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('import boundaries (eslint)', () => {
  it.each([
    ['domain/probe.ts', "import { App } from '@app/app';\nexport const x = App;\n"],
    ['domain/probe.ts', "import { storage } from '@state/storage';\nexport const x = storage;\n"],
    ['domain/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['domain/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['machines/probe.ts', "import { apiRequest } from '@data/api-client';\nexport const x = apiRequest;\n"],
    ['machines/probe.ts', "import { createApp } from '@server/app';\nexport const x = createApp;\n"],
    ['commands/probe.ts', "import { Button } from '@ui/button';\nexport const x = Button;\n"],
    ['server/probe.ts', "import { pushToast } from '@state/toasts';\nexport const x = pushToast;\n"],
    ['server/probe.ts', "import { SideMenu } from '@app/side-menu';\nexport const x = SideMenu;\n"],
    ['src/app/probe.ts', "import { createApp } from '@server/app';\nexport const x = createApp;\n"],
    ['server/probe.ts', "import { testUser } from '@tests/support/session-fixtures';\nexport const x = testUser;\n"],
    ['src/app/probe.ts', "import { testUser } from '@tests/support/session-fixtures';\nexport const x = testUser;\n"],
    ['src/app/shell/probe.ts', "import { pinsStore } from '../../state/pins';\nexport const x = pinsStore;\n"],
    // The generic pages import no feature and no one resource's definition, and still not the server.
    ['src/resources/probe.tsx', "import { ChargerLivePanel } from '@workflows/charger-live/charger-live-panel';\nexport const x = ChargerLivePanel;\n"],
    ['src/resources/probe.tsx', "import { WorkflowPanel } from '../workflows/workflow-panel';\nexport const x = WorkflowPanel;\n"],
    ['src/resources/probe.ts', "import { userResource } from '@domain/resources/users/user';\nexport const x = userResource;\n"],
    ['src/resources/probe.ts', "import { createApp } from '@server/app';\nexport const x = createApp;\n"],
    // A server feature never imports another feature's routes file, by alias or by a relative path.
    ['server/tickets/probe.ts', "import { registerWorkflowRoutes } from '@server/workflows/workflow-routes';\nexport const x = registerWorkflowRoutes;\n"],
    ['server/bookings/probe.ts', "import { registerLedgerCheckRoute } from '@server/ledger/ledger-check-route';\nexport const x = registerLedgerCheckRoute;\n"],
    ['server/tickets/probe.ts', "import { registerWorkflowRoutes } from '../workflows/workflow-routes';\nexport const x = registerWorkflowRoutes;\n"],
    // Production server code never imports a development tool (the OCPP simulator), by alias or by a relative path.
    ['server/ocpp/probe.ts', "import { startFleet } from '@tools/ocpp-simulator/simulator';\nexport const x = startFleet;\n"],
    ['server/probe.ts', "import { startFleet } from '../tools/ocpp-simulator/simulator';\nexport const x = startFleet;\n"],
    ['server/start-server.ts', "import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';\nexport const x = SimulatedCharger;\n"],
  ])('refuses a wrong import in %s', async (filePath, code) => {
    expect(await restrictedImportErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['domain/probe.ts', "import { menuTree } from './menu';\nexport const x = menuTree;\n"],
    ['machines/probe.ts', "import { indianMobileSchema } from '@domain/phone';\nexport const x = indianMobileSchema;\n"],
    ['server/probe.ts', "import { sessionMachine } from '@machines/session.machine';\nexport const x = sessionMachine;\n"],
    ['src/app/probe.ts', "import { pinsStore } from '@state/pins';\nexport const x = pinsStore;\n"],
    ['src/resources/probe.ts', "import { findResource } from '@domain/resource/registry';\nexport const x = findResource;\n"],
    ['src/workflows/probe.tsx', "import { ticketResource } from '@domain/resources/tickets/ticket';\nimport { GatedAction } from '@resources/gated-action';\nexport const x = [ticketResource, GatedAction];\n"],
    // A server feature's own routes files, another feature's service files, and the module list importing modules.
    // The server's development entry starts the simulator.
    ['server/dev-chargers.ts', "import { startFleet } from '@tools/ocpp-simulator/simulator';\nexport const x = startFleet;\n"],
    ['server/tickets/probe.ts', "import { registerTicketBulkRoutes } from './ticket-bulk-routes';\nexport const x = registerTicketBulkRoutes;\n"],
    ['server/tickets/probe.ts', "import { registerTicketBulkRoutes } from '@server/tickets/ticket-bulk-routes';\nexport const x = registerTicketBulkRoutes;\n"],
    ['server/tickets/probe.ts', "import { transitionRecord } from '@server/workflows/transition-record';\nexport const x = transitionRecord;\n"],
    ['server/probe.ts', "import { ticketsModule } from './tickets/tickets-module';\nexport const x = ticketsModule;\n"],
  ])('allows an import along the design in %s', async (filePath, code) => {
    expect(await restrictedImportErrors(filePath, code)).toEqual([]);
  });
});

describe('no import circles (eslint)', () => {
  // A circle needs its other side on disk: the code is linted as if it were an existing server file, importing a
  // file that already imports that one back.
  it('refuses an import the other side already makes (the download routes announce jobs through announce-job.ts)', async () => {
    const code = "import { registerDownloadRoutes } from '@server/downloads/download-routes';\nexport const x = registerDownloadRoutes;\n";
    expect(await ruleErrors('import-x/no-cycle', 'server/jobs/announce-job.ts', code)).not.toEqual([]);
    // The same import from a file the download routes do not import closes no circle.
    expect(await ruleErrors('import-x/no-cycle', 'server/jobs/probe.ts', code)).toEqual([]);
  });

  it('refuses a circle through several files, and lets a type-only import close one (nothing of it runs)', async () => {
    // jobs-module.ts imports housekeeping.ts, which imports job-queue.ts: the queue importing the module closes the loop.
    const circle = "import { jobsModule } from './jobs-module';\nexport const x = jobsModule;\n";
    expect(await ruleErrors('import-x/no-cycle', 'server/jobs/job-queue.ts', circle)).not.toEqual([]);
    const typeOnly = "import type { HousekeepingDeps } from './housekeeping';\nexport type X = HousekeepingDeps;\n";
    expect(await ruleErrors('import-x/no-cycle', 'server/jobs/job-queue.ts', typeOnly)).toEqual([]);
  });

  it('refuses a circle in the shared core and the console too', async () => {
    // The registry imports every resource file, and each imports define-resource.ts: define-resource importing the
    // registry closes the loop.
    const core = "import { resources } from '@domain/resource/registry';\nexport const x = resources;\n";
    expect(await ruleErrors('import-x/no-cycle', 'domain/resource/define-resource.ts', core)).not.toEqual([]);
    expect(await ruleErrors('import-x/no-cycle', 'domain/resource/probe.ts', core)).toEqual([]);
    // The app's list of extensions imports the downloads' extension, which imports the export button: the button
    // importing the list closes the loop.
    const consoleCircle = "import { resourceExtensions } from '@app/resource-extensions';\nexport const x = resourceExtensions;\n";
    expect(await ruleErrors('import-x/no-cycle', 'src/workflows/downloads/export-button.tsx', consoleCircle)).not.toEqual([]);
    expect(await ruleErrors('import-x/no-cycle', 'src/workflows/downloads/probe.tsx', consoleCircle)).toEqual([]);
  });
});

describe('the generic pages name no resource (eslint)', () => {
  it.each([
    ['a test of the name', "export const live = (r: { name: string }) => r.name === 'chargers';\n"],
    ['a test of the table', "export const isTicket = (r: { table: string }) => r.table === 'tickets';\n"],
    ['a template without expressions', 'export const name = `downloads`;\n'],
  ])('refuses %s in src/resources', async (_what, code) => {
    expect(await resourceNameErrors('src/resources/probe.tsx', code)).toEqual([expect.stringContaining('name no resource')]);
  });

  it('knows every resource of the definitions, so a new resource is covered without touching the rule', async () => {
    const code = `export const names = [${resources.map((r) => `'${r.name}'`).join(', ')}];\n`;
    expect(await resourceNameErrors('src/resources/probe.ts', code)).toHaveLength(resources.length);
  });

  it('allows other words in src/resources, and a feature naming the resources it extends', async () => {
    expect(await resourceNameErrors('src/resources/probe.ts', "export const f = (r: { name: string }, o: { name: string }) => r.name === o.name || r.name === 'status';\n")).toEqual([]);
    expect(await resourceNameErrors('src/workflows/probe.tsx', "export const live = (r: { name: string }) => r.name === 'chargers';\n")).toEqual([]);
  });
});
