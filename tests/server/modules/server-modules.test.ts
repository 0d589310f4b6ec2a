// The server is assembled from one module per feature folder (server/server-module.ts, listed in
// server/app-modules.ts). These tests hold the list to what the app answered before it was made of modules: every
// route with its access (registered-routes.txt, in the order the app registered them), the order of the routes that
// could answer the same request, and every workflow effect, activation check, job, bus listener and upload body the
// features used to register one by one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorkflows } from '@machines/workflow-registry';
import { resources } from '@domain/resource/registry';
import { LIVE_CHANNEL } from '@domain/live-event';
import { appModules } from '@server/app-modules';
import { AUTH_CHANGED_CHANNEL } from '@server/auth/auth-cache';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { bookingEffects } from '@server/bookings/booking-effects';
import { downloadEffects } from '@server/downloads/download-effects';
import { EXPORT_JOB } from '@server/downloads/download-job';
import type { RouteAccess } from '@server/http/route-access';
import { HOUSEKEEPING } from '@server/jobs/housekeeping';
import { LOCAL_LIST_PROPAGATE_JOB } from '@server/ocpp/local-list-service';
import { LOCAL_LIST_SYNC_JOB } from '@server/ocpp/local-list-store';
import { RESERVATIONS_JOB } from '@server/reservations/reservations-module';
import { FIRMWARE_CAMPAIGN_SWEEP_JOB } from '@server/firmware-campaigns/firmware-campaigns-module';
import { FIRMWARE_CAMPAIGN_ADVANCE_JOB } from '@server/firmware/firmware-store';
import { FIRMWARE_PASS_JOB } from '@server/firmware/firmware-status';
import { DIAGNOSTICS_SWEEP_JOB } from '@server/diagnostics/diagnostics-module';
import { DIAGNOSTICS_RETENTION_JOB } from '@server/diagnostics/diagnostics-retention';
import { LOCATION_DEFAULTS_JOB } from '@server/smart-charging/location-defaults-queue';
import { UPLOAD_PATH } from '@server/routes/upload-routes';
import { bodyLimitOwners, gatherJobs, gatherLiveListeners, gatherParts, gatherRequestBodies, type ServerModule } from '@server/server-module';
import { payoutEffects } from '@server/settlements/payout-effects';
import { settlementEffects } from '@server/settlements/settlement-effects';
import { creditRequestEffects } from '@server/wallets/credit-request-effects';
import { topUpRequestEffects } from '@server/wallets/top-up-effects';
import { createTestApp, type TestApp } from '../support/test-app';

const serverDir = path.resolve('server');

/** The routes the app registered before it was assembled from modules: "METHOD path access", in registration order. */
const before = readFileSync(path.join(import.meta.dirname, 'registered-routes.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [method, routePath, access] = line.split(' ') as [string, string, string];
    return { key: `${method} ${routePath}`, method, path: routePath, access };
  });

const accessText = (access: RouteAccess) => (access.kind === 'permission' ? `permission:${access.permission}` : access.kind);

/** True when some request path could match both Hono route patterns (`:name` one segment, `*` the rest). */
function overlap(a: string, b: string): boolean {
  const x = a.split('/').filter(Boolean);
  const y = b.split('/').filter(Boolean);
  for (let i = 0; ; i += 1) {
    const s = x[i];
    const t = y[i];
    if (s === '*' || t === '*') return true;
    if (s === undefined || t === undefined) return s === t;
    if (!s.startsWith(':') && !t.startsWith(':') && s !== t) return false;
  }
}

describe('the server modules', () => {
  let t: TestApp;

  beforeAll(() => {
    // Registering routes never touches the database: a stand-in keeps this test independent of the seed.
    const db = {} as Database;
    t = createTestApp({ db, driver: 'pglite', close: async () => {}, separate: () => ({ db, close: async () => {} }) });
  });

  it('lists one module per feature folder, each exported by server/<feature>/<feature>-module.ts', async () => {
    const names = appModules.map((m) => m.name);
    expect(new Set(names).size, 'no module listed twice').toBe(names.length);
    for (const module of appModules) {
      const file = path.join(serverDir, module.name, `${module.name}-module.ts`);
      expect(existsSync(file), `${module.name}: ${file}`).toBe(true);
      const exported = Object.values(await import(file)) as unknown[];
      expect(exported, `${module.name}-module.ts exports the listed module`).toContain(module);
    }
    // A folder with routes, effects or jobs of its own cannot be left out of the list.
    const withRoutes = readdirSync(serverDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(path.join(serverDir, entry.name)).some((f) => /-routes?\.ts$|-effects\.ts$/.test(f)))
      .map((entry) => entry.name);
    expect(withRoutes.filter((folder) => !names.includes(folder))).toEqual([]);
  });

  it('registers every route the app registered before, with the same access', () => {
    const now = new Map(t.registry.routes.map((r) => [`${r.method} ${r.path}`, accessText(r.access)]));
    expect(before.length).toBeGreaterThan(400);
    expect(before.filter((r) => !now.has(r.key)).map((r) => r.key)).toEqual([]);
    expect(before.filter((r) => now.get(r.key) !== r.access).map((r) => `${r.key}: ${r.access} → ${now.get(r.key)}`)).toEqual([]);
  });

  it('keeps first the route that answered first where two could answer the same request', () => {
    const position = new Map(t.registry.routes.map((r, i) => [`${r.method} ${r.path}`, i]));
    const pairs: string[] = [];
    for (let i = 0; i < before.length; i += 1) {
      for (let j = i + 1; j < before.length; j += 1) {
        const [a, b] = [before[i]!, before[j]!];
        if (a.method !== b.method || a.path === b.path || !overlap(a.path, b.path)) continue;
        pairs.push(`${a.key} before ${b.key}`);
        expect(position.get(a.key)!, `${a.key} before ${b.key}`).toBeLessThan(position.get(b.key)!);
      }
    }
    // The pairs this guards: fixed paths under a resource's /:id (options, check, summary, history…).
    expect(pairs).toContain('GET /upload-service/download/options before GET /upload-service/download/:id');
    expect(pairs).toContain('GET /pw-service/wallet-ledger/check before GET /pw-service/wallet-ledger/:id');
  });

  it('gathers every workflow effect and activation check from the module that owns it', () => {
    const { effects, activationChecks } = gatherParts(appModules);
    expect(effects).toEqual({
      bookings: bookingEffects,
      'credit-requests': creditRequestEffects,
      downloads: downloadEffects,
      payouts: payoutEffects,
      settlements: settlementEffects,
      'top-up-requests': topUpRequestEffects,
    });
    const workflowResources = recordWorkflows.map((w) => w.resource);
    expect(Object.keys(effects).filter((name) => !workflowResources.includes(name))).toEqual([]);
    expect(Object.keys(activationChecks)).toEqual(['postpaid-configurations']);
    expect(resources.find((r) => r.name === 'postpaid-configurations')).toBeDefined();
  });

  it('gathers the export job and the housekeeping sweeps, each scheduled sweep with its handler', () => {
    const config = loadConfig({ APP_ENV: 'test', OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-42' });
    const { handlers, schedule } = gatherJobs(appModules, { db: {} as Database, config });
    expect(Object.keys(handlers).sort()).toEqual([EXPORT_JOB, RESERVATIONS_JOB, FIRMWARE_PASS_JOB, FIRMWARE_CAMPAIGN_ADVANCE_JOB, FIRMWARE_CAMPAIGN_SWEEP_JOB, DIAGNOSTICS_SWEEP_JOB, DIAGNOSTICS_RETENTION_JOB, LOCAL_LIST_PROPAGATE_JOB, LOCAL_LIST_SYNC_JOB, LOCATION_DEFAULTS_JOB, ...Object.values(HOUSEKEEPING)].sort());
    expect(schedule.map((s) => s.kind).sort()).toEqual([RESERVATIONS_JOB, FIRMWARE_PASS_JOB, FIRMWARE_CAMPAIGN_SWEEP_JOB, DIAGNOSTICS_SWEEP_JOB, DIAGNOSTICS_RETENTION_JOB, ...Object.values(HOUSEKEEPING)].sort());
    // Diagnostics files past their retention are looked for hourly, like the other retention sweeps.
    expect(schedule.find((s) => s.kind === DIAGNOSTICS_RETENTION_JOB)?.everyMs).toBe(60 * 60_000);
  });

  it('gathers the session cache’s and the reservations’ and the diagnostics’ bus listeners, the upload body documented by hand and the upload route’s own body limit', () => {
    expect(gatherLiveListeners(appModules).map((l) => l.channel)).toEqual([AUTH_CHANGED_CHANNEL, LIVE_CHANNEL, LIVE_CHANNEL, LIVE_CHANNEL, LIVE_CHANNEL]);
    expect(Object.keys(gatherRequestBodies(appModules))).toEqual([`POST ${UPLOAD_PATH}`, 'POST /ccu/firmware/files']);
    const ownsBodyLimit = bodyLimitOwners(appModules);
    expect(ownsBodyLimit(UPLOAD_PATH)).toBe(true);
    expect(ownsBodyLimit('/upload-service/signed-urls')).toBe(false);
    expect(ownsBodyLimit('/ccu/firmware/files')).toBe(true);
    expect(ownsBodyLimit('/ocpp-files/diagnostics/token')).toBe(true);
  });

  it('refuses a list where two modules claim one workflow, resource or job kind, or one module twice', () => {
    const effect = async () => {};
    const a: ServerModule = { name: 'a', effects: { bookings: effect } };
    const b: ServerModule = { name: 'b', effects: { bookings: effect } };
    expect(() => gatherParts([a, b])).toThrow(/Two server modules declare the effects of workflow "bookings": a and b/);
    const checks: ServerModule = { name: 'c', activationChecks: { chargers: async () => {} } };
    expect(() => gatherParts([checks, { ...checks, name: 'd' }])).toThrow(/activation check of resource "chargers"/);
    expect(() => gatherParts([a, a])).toThrow(/listed twice/);
    const jobs: ServerModule = { name: 'e', jobs: () => ({ handlers: { sweep: { run: async () => {} } } }) };
    const config = loadConfig({ APP_ENV: 'test', OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-42' });
    expect(() => gatherJobs([jobs, { ...jobs, name: 'f' }], { db: {} as Database, config })).toThrow(/job kind "sweep": e and f/);
    expect(() => gatherJobs([{ name: 'g', jobs: () => ({ handlers: {}, schedule: [{ kind: 'lost', everyMs: 1 }] }) }], { db: {} as Database, config })).toThrow(/no handler: lost/);
  });
});
