// Investor bundles through their workflow, on both drivers: sign the agreement (its reference and
// date), record the payment (the full price only), deploy; cancel with a reason before payment; each with its audit
// row; the status and the agreement and payment fields refused by the generic PUT; 403 without the permission.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const BASE = '/pw-service/investor-bundle';
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('investor bundles on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;
  let readOnly: string;
  let investorId: string;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const send = (id: unknown, body: Row, authKey = finance) => call(env.t, 'POST', `${BASE}/${String(id)}/transition`, { authKey, body });
  const create = async (name: string) => {
    const res = await call(env.t, 'POST', BASE, { authKey: finance, body: { name, investorId, numberOfChargers: 4, price: 2_92_000_00, expectedIrr: 14.5 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Row;
  };

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    investorId = String((await q(sql`select u.id::text as id from users u where not exists (select 1 from czo_users c where c.user_id = u.id) limit 1`))[0]!.id);
  });

  it('signs, takes the full price and deploys, each step audited; another amount is refused', async () => {
    const bundle = await create('Test Pune 7.4 kW AC bundle');
    expect(bundle).toMatchObject({ status: 'PROPOSED', version: 0 });
    expect((await send(bundle.id, { type: 'RECORD_PAYMENT', amountReceived: 2_92_000_00, paymentReference: 'UTIB1', version: 0 })).status).toBe(409);
    const missing = await send(bundle.id, { type: 'SIGN_AGREEMENT', version: 0 });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('agreementReference');
    const signed = await send(bundle.id, { type: 'SIGN_AGREEMENT', agreementReference: 'CZ/IA/2026/T1', agreementSignedOn: '2026-02-27', version: 0 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ status: 'AGREEMENT_SIGNED', agreementReference: 'CZ/IA/2026/T1', agreementSignedOn: '2026-02-27', version: 1 });
    const short = await send(bundle.id, { type: 'RECORD_PAYMENT', amountReceived: 2_00_000_00, paymentReference: 'UTIB1', version: 1 });
    expect(short.status).toBe(409);
    expect(String((short.body as Row).detail)).toContain("is not the bundle's price, ₹2,92,000.00");
    const paid = await send(bundle.id, { type: 'RECORD_PAYMENT', amountReceived: 2_92_000_00, paymentReference: 'UTIB1', version: 1 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await send(bundle.id, { type: 'CANCEL', reason: 'Too late to cancel', version: 2 })).status).toBe(409);
    const deployed = await send(bundle.id, { type: 'DEPLOY', version: 2 });
    expect(deployed.body).toMatchObject({ status: 'DEPLOYED', amountReceived: 2_92_000_00, paymentReference: 'UTIB1', version: 3 });
    const audit = await q(sql`select event, from_state, to_state from audit_log where entity_type = 'investor-bundles' and entity_id = ${String(bundle.id)} and action = 'transition' order by seq`);
    expect(audit.map((a) => `${String(a.from_state)}-${String(a.event)}-${String(a.to_state)}`)).toEqual([
      'PROPOSED-SIGN_AGREEMENT-AGREEMENT_SIGNED',
      'AGREEMENT_SIGNED-RECORD_PAYMENT-PAYMENT_RECEIVED',
      'PAYMENT_RECEIVED-DEPLOY-DEPLOYED',
    ]);
  });

  it('cancels only with a reason, refuses the owned fields on PUT, and needs the permission', async () => {
    const bundle = await create('Test Nagpur 30 kW DC bundle');
    expect((await send(bundle.id, { type: 'CANCEL', version: 0 })).status).toBe(400);
    expect((await send(bundle.id, { type: 'CANCEL', reason: 'Investor withdrew', version: 0 }, readOnly)).status).toBe(403);
    for (const field of ['status', 'agreementReference', 'amountReceived']) {
      const put = await call(env.t, 'PUT', `${BASE}/${String(bundle.id)}`, { authKey: finance, body: { [field]: field === 'amountReceived' ? 1 : 'DEPLOYED', version: 0 } });
      expect(put.status, field).toBe(400);
    }
    const cancelled = await send(bundle.id, { type: 'CANCEL', reason: 'Investor withdrew', version: 0 });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    const [row] = await q(sql`select reason from audit_log where entity_type = 'investor-bundles' and entity_id = ${String(bundle.id)} and event = 'CANCEL'`);
    expect(row).toMatchObject({ reason: 'Investor withdrew' });
  });
});
