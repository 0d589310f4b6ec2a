import { resourceByName, resources } from '@domain/resource/registry';
import { recordWorkflows } from '@machines/workflow-registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, permissionFamilies } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { sessionPaths } from '@domain/session';
import type { OpenDatabase } from '@server/db/open-database';
import { servicePrefixes } from '@server/http/service-prefixes';
import { permissionCatalogueSchema } from '@server/routes/auth-routes';
import { call, createTestApp, signIn, type TestApp } from './support/test-app';
import { createTestDatabase, ruleDrivers } from './support/test-database';

describe.each(ruleDrivers)('HTTP contract on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('declares an access rule for every route of app.routes (deny by default)', () => {
    expect(t.app.routes.length).toBeGreaterThan(0);
    const undeclared = t.app.routes.filter((route) => !t.registry.isDeclared(route.handler));
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Every non-middleware route is in the registry's list with its access rule.
    const listed = new Set(t.registry.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of t.app.routes.filter((r) => r.method !== 'ALL')) expect(listed.has(`${route.method} ${route.path}`)).toBe(true);
    for (const route of t.registry.routes) {
      expect(['public', 'signed-in', 'permission']).toContain(route.access.kind);
      expect(route.summary.length).toBeGreaterThan(10);
    }
  });

  it('lists the hand-written routes with their access rules (resource routes are checked by the resource contract)', () => {
    const resourcePaths = resources.flatMap((r) => [r.apiPath, `${r.apiPath}/:id`, `${r.apiPath}/:id/activate-inactivate`, `${r.apiPath}/bulk-activate-inactivate`, `${r.apiPath}/summary`]);
    const byKey = Object.fromEntries(
      t.registry.routes.filter((r) => !resourcePaths.includes(r.path) && !r.path.startsWith('/upload-service/audit/')).map((r) => [`${r.method} ${r.path}`, r.access]),
    );
    expect(byKey).toEqual({
      'GET /health': { kind: 'public' },
      'GET /health/live': { kind: 'public' },
      'GET /health/ready': { kind: 'public' },
      'GET /metrics': { kind: 'public' },
      [`POST ${sessionPaths.sendOtp}`]: { kind: 'public' },
      [`POST ${sessionPaths.verifyOtp}`]: { kind: 'public' },
      [`GET ${sessionPaths.validate}`]: { kind: 'signed-in' },
      [`POST ${sessionPaths.signOut}`]: { kind: 'signed-in' },
      [`GET ${sessionPaths.globalData}`]: { kind: 'signed-in' },
      [`PUT ${sessionPaths.pinnedItems}`]: { kind: 'signed-in' },
      'GET /auth-service/role/permission': { kind: 'permission', permission: 'ROLE_VIEW_ROLES' },
      // A role's permissions and bulk role assignment have their own actions (tests/server/role-permissions.test.ts).
      'POST /auth-service/role/permission': { kind: 'permission', permission: 'ROLE_EDIT_ROLE_PERMISSIONS' },
      'POST /auth-service/user-role/role': { kind: 'permission', permission: 'ROLE_BULK_ASSIGN_ROLES' },
      // RFID cards: add and remove (tests/server/rfid-cards.test.ts).
      'POST /user-service/rfid-card/add': { kind: 'permission', permission: 'ROLE_ADD_RFID_CARD' },
      'POST /user-service/rfid-card/remove': { kind: 'permission', permission: 'ROLE_REMOVE_RFID_CARD' },
      // Change name of a user (tests/server/user-name-and-approval.test.ts).
      'POST /user-service/user/name': { kind: 'permission', permission: 'ROLE_CHANGE_USER_NAME' },
      // Group membership: add, remove, make admin (tests/server/group-members.test.ts).
      'POST /user-service/group/member/add': { kind: 'permission', permission: 'ROLE_UPDATE_GROUP' },
      'POST /user-service/group/member/remove': { kind: 'permission', permission: 'ROLE_UPDATE_GROUP' },
      'POST /user-service/group/admin': { kind: 'permission', permission: 'ROLE_MAKE_GROUP_ADMIN' },
      // Change lead level, on all leads and on utilization leads (tests/server/leads-and-cpo-actions.test.ts).
      'POST /lms/lead/level': { kind: 'permission', permission: 'ROLE_UPDATE_LEAD_LEVEL' },
      'POST /lms/utilization-lead/level': { kind: 'permission', permission: 'ROLE_UPDATE_LEAD_LEVEL' },
      // Charger actions: QR code, always-on, protected network, replace hardware (tests/server/charger-actions.test.ts).
      'POST /charger-service/qr-code': { kind: 'permission', permission: 'ROLE_UPDATE_QR_CODE' },
      'POST /charger-service/group': { kind: 'permission', permission: 'ROLE_UPDATE_CHARGER_GROUP' },
      'POST /charger-service/admin/charger/always-on': { kind: 'permission', permission: 'ROLE_UPDATE_ALWAYS_ON' },
      // A user's referral code: new, disable (tests/server/people-ops.test.ts).
      'POST /user-service/referral/code': { kind: 'permission', permission: 'ROLE_CREATE_REFERRAL_CODE' },
      'POST /user-service/referral/code/disable': { kind: 'permission', permission: 'ROLE_CREATE_REFERRAL_CODE' },
      // Map to host, sharing Transfer device's code (tests/server/people-ops.test.ts).
      'POST /charger-service/admin/charger/host-mapping': { kind: 'permission', permission: 'ROLE_UPDATE_HOST_MAPPING' },
      'POST /charger-service/admin/charger/protected-network': { kind: 'permission', permission: 'ROLE_UPDATE_PROTECTED_NETWORK' },
      'POST /charger-service/admin/charger/replace-hardware': { kind: 'permission', permission: 'ROLE_REPLACE_HARDWARE' },
      // GST invoices: issue on a completed booking, the PDF, the reminder (tests/server/invoices/invoices.test.ts).
      'POST /booking-service/admin/booking/issue-invoice': { kind: 'permission', permission: 'ROLE_ISSUE_INVOICE' },
      // Bill period on a postpaid configuration (tests/server/postpaid-billing.test.ts).
      'POST /pw-service/postpaid-configuration/bill-period': { kind: 'permission', permission: 'ROLE_BILL_POSTPAID_PERIOD' },
      'GET /pw-service/gst-invoice/:id/pdf': { kind: 'permission', permission: 'ROLE_VIEW_INVOICES' },
      'POST /pw-service/invoice/reminder': { kind: 'permission', permission: 'ROLE_SEND_INVOICE_REMINDER' },
      'POST /upload-service/generic-file-upload': { kind: 'signed-in' },
      'GET /cdn/uploads/:year/:month/:file': { kind: 'public' },
      // A signed link carries no session: the route checks the link or the Authorization header itself (uploads tests).
      'GET /cdn/uploads/private/:kind/:year/:month/:file': { kind: 'public' },
      'POST /upload-service/signed-urls': { kind: 'signed-in' },
      'GET /openapi.json': { kind: 'public' },
      'GET /api-docs': { kind: 'public' },
      'GET /api-docs/assets/*': { kind: 'public' },
      // One transition route per workflow; each event's permission is checked inside (workflow tests cover them).
      ...Object.fromEntries(recordWorkflows.map((w) => [`POST ${resourceByName(w.resource).apiPath}/:id/transition`, { kind: 'signed-in' }])),
      // And one bulk transition route per workflow: the event's permission is checked inside (tests/server/workflows/bulk-transition.test.ts).
      ...Object.fromEntries(recordWorkflows.map((w) => [`POST ${resourceByName(w.resource).apiPath}/bulk-transition`, { kind: 'signed-in' }])),
      'POST /ticket-service/admin/ticket/:id/assign-to': { kind: 'permission', permission: 'ROLE_ASSIGN_TICKET' },
      'POST /ticket-service/admin/ticket/:id/priority': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_PRIORITY' },
      'POST /ticket-service/admin/ticket/:id/due-date': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_DUE_DATE' },
      'POST /ticket-service/admin/ticket/:id/tag': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_TAGS' },
      // The same actions on many tickets, and Close (tests/server/tickets/ticket-bulk.test.ts).
      'POST /ticket-service/admin/ticket-bulk/assign-to': { kind: 'permission', permission: 'ROLE_ASSIGN_TICKET' },
      'POST /ticket-service/admin/ticket-bulk/priority': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_PRIORITY' },
      'POST /ticket-service/admin/ticket-bulk/due-date': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_DUE_DATE' },
      'POST /ticket-service/admin/ticket-bulk/tag': { kind: 'permission', permission: 'ROLE_UPDATE_TICKET_TAGS' },
      'POST /ticket-service/admin/ticket-bulk/close': { kind: 'permission', permission: 'ROLE_CLOSE_TICKET' },
      // A workflow event on the cross-kind ticket lists: each kind's permission is checked per ticket (tests/server/tickets/cross-kind-bulk-transition.test.ts).
      'POST /ticket-service/my-ticket/bulk-transition': { kind: 'signed-in' },
      // Kept bulk runs: the user's own, or those on a resource whose view permission they hold (tests/server/bulk-runs/bulk-runs.test.ts).
      'GET /config/secure/bulk-runs': { kind: 'signed-in' },
      'GET /config/secure/bulk-runs/:id': { kind: 'signed-in' },
      'GET /config/secure/bulk-runs/:id/items': { kind: 'signed-in' },
      'GET /ticket-service/comment/entityType/:type/entityId/:id': { kind: 'signed-in' },
      'POST /ticket-service/comment/entityType/:type/entityId/:id': { kind: 'permission', permission: 'ROLE_COMMENT_ON_TICKET' },
      'POST /pw-service/settlement/upload/preview': { kind: 'permission', permission: 'ROLE_CREATE_SETTLEMENT' },
      'POST /pw-service/settlement/upload/commit': { kind: 'permission', permission: 'ROLE_CREATE_SETTLEMENT' },
      'POST /user-service/add-credits-to-wallet/preview': { kind: 'permission', permission: 'ROLE_ADD_CREDITS' },
      'POST /user-service/add-credits-to-wallet': { kind: 'permission', permission: 'ROLE_ADD_CREDITS' },
      'GET /pw-service/wallet-ledger/check': { kind: 'permission', permission: 'ROLE_VIEW_WALLET_LEDGER' },
      'GET /ticket-service/delivery-ticket/entityType/:type/entityId/:id': { kind: 'permission', permission: 'ROLE_VIEW_DELIVERY_TICKETS' },
      'GET /search-service/lookup': { kind: 'signed-in' },
      // A sign-in number changes by its own action (who may change whom: tests/server/security).
      'POST /user-service/user/:id/mobile-number': { kind: 'permission', permission: 'ROLE_CHANGE_USER_MOBILE_NUMBER' },
      'POST /user-service/user/:id/mobile-number/confirm': { kind: 'permission', permission: 'ROLE_CHANGE_USER_MOBILE_NUMBER' },
      // Transfer device: a preview, then the move (tests/server/transfer-device.test.ts).
      'POST /charger-service/transfer-device/preview': { kind: 'permission', permission: 'ROLE_TRANSFER_DEVICE' },
      'POST /charger-service/transfer-device': { kind: 'permission', permission: 'ROLE_TRANSFER_DEVICE' },
      // Block and unblock of Unblock User (tests/server/unblock-user.test.ts).
      'POST /auth-service/blocked-numbers/block': { kind: 'permission', permission: 'ROLE_UNBLOCK_MOBILE_NUMBER' },
      'POST /auth-service/blocked-numbers/unblock': { kind: 'permission', permission: 'ROLE_UNBLOCK_MOBILE_NUMBER' },
      // Send test of a notification template (tests/server/notification-template-send-test.test.ts).
      'POST /notification-service/template/send-test': { kind: 'permission', permission: 'ROLE_UPDATE_TEMPLATES' },
      // The live channel and the OCPP routes (tests/server/live, tests/server/ocpp).
      'GET /events': { kind: 'signed-in' },
      'GET /ocpp/dev/simulator-chargers': { kind: 'public' },
      'GET /ccu/charger/:chargerId/live': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'GET /ccu/charger/:chargerId/meter-values': { kind: 'permission', permission: 'ROLE_VIEW_TELEMETRY' },
      'GET /ocpp/chargepoint-log/:chargerId': { kind: 'permission', permission: 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS' },
      'GET /ccu/charger-command': { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
      'GET /ccu/charger-command/batches': { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
      'POST /ccu/charger-command': { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
      // A charger's local authorization list and its connectors' reservations (tests/server/ocpp/local-list.test.ts,
      // tests/server/reservations).
      'GET /ccu/charger/:chargerId/local-list': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'POST /ccu/local-list/read-version': { kind: 'permission', permission: 'ROLE_MANAGE_LOCAL_LIST' },
      'POST /ccu/local-list/send-full': { kind: 'permission', permission: 'ROLE_MANAGE_LOCAL_LIST' },
      'GET /ccu/charger/:chargerId/reservations': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'POST /ccu/charger/:chargerId/reservations': { kind: 'permission', permission: 'ROLE_RESERVE_CONNECTOR' },
      'POST /ccu/reservations/:reservationId/cancel': { kind: 'permission', permission: 'ROLE_RESERVE_CONNECTOR' },
      'GET /booking-service/admin/booking/:id/reservation': { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
      // Firmware images and updates (tests/server/firmware), a charger's firmware, and the image a charger downloads
      // through its signed link (checked inside).
      'GET /ccu/firmware/files': { kind: 'permission', permission: 'ROLE_UPDATE_FIRMWARE' },
      'POST /ccu/firmware/files': { kind: 'permission', permission: 'ROLE_UPDATE_FIRMWARE' },
      'POST /ccu/firmware/updates': { kind: 'permission', permission: 'ROLE_UPDATE_FIRMWARE' },
      'POST /ccu/firmware/updates/:updateId/cancel': { kind: 'permission', permission: 'ROLE_UPDATE_FIRMWARE' },
      'GET /ccu/charger/:chargerId/firmware': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'GET /ocpp-files/firmware/:fileId': { kind: 'public' },
      // Diagnostics (tests/server/diagnostics): asking chargers, a charger's requests, a link to a received file and the
      // file through it (the link is checked inside), and the location a charger uploads to (its one-use token is checked inside).
      'POST /ccu/diagnostics': { kind: 'permission', permission: 'ROLE_REQUEST_DIAGNOSTICS' },
      'GET /ccu/charger/:chargerId/diagnostics': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'POST /ccu/diagnostics/:requestId/link': { kind: 'permission', permission: 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS' },
      'GET /ccu/diagnostics/:requestId/file': { kind: 'public' },
      'PUT /ocpp-files/diagnostics/:token': { kind: 'public' },
      'POST /ocpp-files/diagnostics/:token': { kind: 'public' },
      // Charging profiles of a charger and of a location, and a charger's composite schedule (tests/server/smart-charging).
      'GET /ccu/charger/:chargerId/charging-profiles': { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
      'POST /ccu/charger/:chargerId/charging-profiles': { kind: 'permission', permission: 'ROLE_MANAGE_CHARGING_PROFILES' },
      'POST /ccu/charger/:chargerId/charging-profiles/clear': { kind: 'permission', permission: 'ROLE_MANAGE_CHARGING_PROFILES' },
      'POST /ccu/charger/:chargerId/composite-schedule': { kind: 'permission', permission: 'ROLE_MANAGE_CHARGING_PROFILES' },
      'GET /ccu/location/:locationId/charging-profiles': { kind: 'permission', permission: 'ROLE_VIEW_ALL_LOCATION' },
      'POST /ccu/location/:locationId/charging-profiles': { kind: 'permission', permission: 'ROLE_MANAGE_CHARGING_PROFILES' },
      'DELETE /ccu/location/:locationId/charging-profiles/:profileId': { kind: 'permission', permission: 'ROLE_MANAGE_CHARGING_PROFILES' },
      // Firmware campaigns (tests/server/firmware-campaigns): viewing, and creating and running them.
      'GET /ccu/firmware-campaigns': { kind: 'permission', permission: 'ROLE_VIEW_FIRMWARE_CAMPAIGNS' },
      'GET /ccu/firmware-campaigns/filter-options': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'POST /ccu/firmware-campaigns/preview': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'POST /ccu/firmware-campaigns': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'GET /ccu/firmware-campaigns/:id': { kind: 'permission', permission: 'ROLE_VIEW_FIRMWARE_CAMPAIGNS' },
      'GET /ccu/firmware-campaigns/:id/chargers': { kind: 'permission', permission: 'ROLE_VIEW_FIRMWARE_CAMPAIGNS' },
      'POST /ccu/firmware-campaigns/:id/start': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'POST /ccu/firmware-campaigns/:id/pause': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'POST /ccu/firmware-campaigns/:id/resume': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      'POST /ccu/firmware-campaigns/:id/cancel': { kind: 'permission', permission: 'ROLE_RUN_FIRMWARE_CAMPAIGN' },
      // Block and unblock of an RFID card (tests/server/rfid-cards.test.ts): the same rights as removing and adding one.
      'POST /user-service/rfid-card/block': { kind: 'permission', permission: 'ROLE_REMOVE_RFID_CARD' },
      'POST /user-service/rfid-card/unblock': { kind: 'permission', permission: 'ROLE_ADD_RFID_CARD' },
      'POST /ccu/test-charging/start': { kind: 'permission', permission: 'ROLE_TEST_DEVICE' },
      'POST /ccu/test-charging/stop': { kind: 'permission', permission: 'ROLE_TEST_DEVICE' },
      'POST /charger-service/admin/charger/:chargerId/ocpp-password': { kind: 'permission', permission: 'ROLE_UPDATE_CHARGER' },
      // Downloads: what can be exported, a signed link to a ready file, and the file behind it (the link is checked inside).
      'GET /upload-service/download/options': { kind: 'signed-in' },
      'POST /upload-service/download/:id/link': { kind: 'signed-in' },
      'GET /upload-service/download/:id/file': { kind: 'public' },
      // Maps, trackers and the day's figures (tests/server/network): the map of chargers follows the list's scopes.
      'GET /charger-service/map-view/chargers': { kind: 'signed-in' },
      'GET /charger-service/map-view/locations': { kind: 'permission', permission: 'ROLE_VIEW_ALL_LOCATION' },
      'GET /charger-service/map-view/servicing-tickets': { kind: 'permission', permission: 'ROLE_VIEW_CHARGER_SERVICING_MAP' },
      'GET /lms/tracker/daily': { kind: 'permission', permission: 'ROLE_VIEW_DAILY_TRACKER' },
      'GET /lms/tracker/monthly': { kind: 'permission', permission: 'ROLE_VIEW_MONTHLY_TRACKER' },
      'GET /booking-service/admin/booking-summary/today': { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
      'GET /booking-service/admin/booking/:id/timeline': { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
      'GET /booking-service/admin/stale-sessions': { kind: 'permission', permission: 'ROLE_VIEW_ONGOING_BOOKINGS' },
      'POST /booking-service/stop-charging': { kind: 'permission', permission: 'ROLE_STOP_BOOKING' },
      'POST /booking-service/admin/booking/pause-charging': { kind: 'permission', permission: 'ROLE_PAUSE_BOOKING' },
      // Load-balanced charging start and end, instant booking and charging (tests/server/bookings/booking-live-ops.test.ts).
      'POST /booking-service/load-balanced-charging/start': { kind: 'permission', permission: 'ROLE_LOAD_BALANCED_CHARGING' },
      'POST /booking-service/load-balanced-charging/end': { kind: 'permission', permission: 'ROLE_LOAD_BALANCED_CHARGING' },
      'POST /booking-service/instant': { kind: 'permission', permission: 'ROLE_INSTANT_BOOKING_AND_CHARGING' },
      'POST /booking-service/admin/booking/resume-charging': { kind: 'permission', permission: 'ROLE_RESUME_BOOKING' },
      'POST /booking-service/send-help-message': { kind: 'permission', permission: 'ROLE_SEND_HELP_MESSAGE' },
      'POST /booking-service/initiate-outbound-call': { kind: 'permission', permission: 'ROLE_INITIATE_OUTBOUND_CALL' },
      'POST /booking-service/lock-customer-operations': { kind: 'permission', permission: 'ROLE_LOCK_CUSTOMER_OPERATIONS' },
    });
  });

  it('refuses a route added around the registry, before its handler runs', async () => {
    const extra = createTestApp(database);
    let ran = false;
    extra.app.get('/user-service/sneaky', (c) => {
      ran = true;
      return c.json({ secret: true });
    });
    const response = await call(extra, 'GET', '/user-service/sneaky');
    expect(response.status).toBe(403);
    expect(response.contentType).toBe('application/problem+json');
    expect(response.body.detail).toBe('This route declares no access rule, so it is refused.');
    expect(ran).toBe(false);
    expect(extra.app.routes.filter((r) => !extra.registry.isDeclared(r.handler)).map((r) => r.path)).toEqual(['/user-service/sneaky']);
  });

  it('answers /health with the driver', async () => {
    const response = await call(t, 'GET', '/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok', database: driver } });
  });

  it('answers 404 problem+json for unknown paths under every service prefix', async () => {
    for (const prefix of servicePrefixes) {
      const response = await call(t, 'GET', `${prefix}/no-such-thing`);
      expect(response.status).toBe(404);
      expect(response.contentType).toBe('application/problem+json');
      expect(problemSchema.parse(response.body)).toMatchObject({ status: 404, title: 'Not Found' });
    }
    expect((await call(t, 'DELETE', sessionPaths.sendOtp)).status).toBe(404);
  });

  it('guards the permission route: 401 anonymous, 403 without the permission, 200 with it', async () => {
    const anonymous = await call(t, 'GET', '/auth-service/role/permission');
    expect(anonymous.status).toBe(401);
    expect(anonymous.contentType).toBe('application/problem+json');

    const finance = await signIn(t, '9000000004');
    const denied = await call(t, 'GET', '/auth-service/role/permission', { authKey: finance.authKey });
    expect(denied.status).toBe(403);
    expect(denied.contentType).toBe('application/problem+json');
    expect(denied.body.detail).toContain('ROLE_VIEW_ROLES');

    const superAdmin = await signIn(t, '9000000001');
    const allowed = await call(t, 'GET', '/auth-service/role/permission', { authKey: superAdmin.authKey });
    expect(allowed.status).toBe(200);
    const catalogue = permissionCatalogueSchema.parse(allowed.body);
    expect(catalogue.families.map((f) => f.family)).toEqual(Object.keys(permissionFamilies));
    expect(catalogue.families.flatMap((f) => f.permissions)).toHaveLength(allPermissions.length);
  });

  it('checks access before input: an anonymous bad body gets 401, not 400', async () => {
    const response = await call(t, 'PUT', sessionPaths.pinnedItems, { rawBody: '{oops' });
    expect(response.status).toBe(401);
  });

  it('refuses malformed JSON, an empty body and a non-object body with 400', async () => {
    const user = await signIn(t, '9000000002');
    for (const rawBody of ['{"id": "x",', '', 'null', '"text"']) {
      const response = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey: user.authKey, rawBody });
      expect(response.status).toBe(400);
      expect(response.contentType).toBe('application/problem+json');
      expect(response.body.status).toBe(400);
    }
  });

  it('refuses bodies over 1 MiB with 413 problem+json', async () => {
    const response = await call(t, 'POST', sessionPaths.sendOtp, { rawBody: JSON.stringify({ mobileNumber: 'x'.repeat(1_100_000) }) });
    expect(response.status).toBe(413);
    expect(response.contentType).toBe('application/problem+json');
  });

  it('answers unexpected errors with a generic 500 problem and no stack, and logs them', async () => {
    const broken = createTestApp({ ...database, db: database.db });
    await database.db.execute(sql`alter table socket_types rename to socket_types_away`);
    try {
      const user = await signIn(broken, '9000000001');
      const response = await call(broken, 'GET', sessionPaths.globalData, { authKey: user.authKey });
      expect(response.status).toBe(500);
      expect(response.contentType).toBe('application/problem+json');
      expect(response.body).toEqual({ type: '/problems/internal-error', status: 500, title: 'Internal Server Error', detail: 'Something went wrong.' });
      expect(broken.errors.length).toBe(1);
    } finally {
      await database.db.execute(sql`alter table socket_types_away rename to socket_types`);
    }
  });
});
