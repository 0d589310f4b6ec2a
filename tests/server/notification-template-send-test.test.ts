// Send test of a notification template: an SMS template goes through the SMS log provider into the SMS
// notification log, a WhatsApp template into the WhatsApp notification log (numbers masked), each with an audit
// row; refused without ROLE_UPDATE_TEMPLATES, bad numbers answered with field paths, push templates refused.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const SEND_TEST = '/notification-service/template/send-test';
const adminId = demoStaffUserId('9000000001');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('notification template send test on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
  });

  const query = async (q: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(q));
  const templateRow = async (templateId: string) => (await query(sql`select id from notification_templates where template_id = ${templateId}`))[0]!;
  const auditRows = async (id: unknown) =>
    query(sql`select actor_user_id, changes from audit_log where entity_type = 'notification-templates' and entity_id = ${String(id)} and action = 'send-test' order by created_at`);
  const smsLog = (template: string) => query(sql`select mobile_number, message, provider, status from sms_notification_logs where template = ${template} order by created_at`);
  const whatsappLog = (template: string, masked: string) =>
    query(sql`select mobile_number, status from whatsapp_notification_logs where template = ${template} and mobile_number = ${masked} order by created_at`);

  it('sends an SMS template typed with +91 and spaces: the SMS log row (number masked), the answer and an audit row', async () => {
    const { id } = await templateRow('CHARGING_STOPPED');
    expect(await smsLog('CHARGING_STOPPED')).toEqual([]);
    const sent = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'CHARGING_STOPPED', mobileNumber: '+91 98450 61234' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const message = '[Test] Charging stopped at TEST. Energy TEST kWh, amount Rs TEST. -CZO';
    expect(sent.body).toEqual({ channel: 'SMS', mobileNumber: '******1234', template: 'CHARGING_STOPPED', status: 'sent', message });
    expect(await smsLog('CHARGING_STOPPED')).toEqual([{ mobile_number: '******1234', message, provider: 'log', status: 'sent' }]);
    expect(await auditRows(id)).toEqual([
      { actor_user_id: adminId, changes: { sentTo: { to: '******1234' }, channel: { to: 'SMS' }, status: { to: 'sent' } } },
    ]);
  });

  it('sends a WhatsApp template into the WhatsApp log under its WhatsApp template name', async () => {
    const { id } = await templateRow('REFERRAL_REWARD');
    const masked = '******7788';
    expect(await whatsappLog('referral_reward', masked)).toEqual([]);
    const sent = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'REFERRAL_REWARD', mobileNumber: '09845077788' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ channel: 'WHATSAPP', mobileNumber: masked, template: 'referral_reward', status: 'SENT' });
    expect(await whatsappLog('referral_reward', masked)).toEqual([{ mobile_number: masked, status: 'SENT' }]);
    expect(await auditRows(id)).toEqual([expect.objectContaining({ actor_user_id: adminId, changes: expect.objectContaining({ channel: { to: 'WHATSAPP' } }) })]);
  });

  it('refuses staff without ROLE_UPDATE_TEMPLATES (403): nothing is sent or logged', async () => {
    const refused = await call(env.t, 'POST', SEND_TEST, { authKey: readOnly, body: { templateId: 'LOW_WALLET_BALANCE', mobileNumber: '9845061111' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await smsLog('LOW_WALLET_BALANCE')).toEqual([]);
    expect(await auditRows((await templateRow('LOW_WALLET_BALANCE')).id)).toEqual([]);
    expect((await call(env.t, 'POST', SEND_TEST, { body: { templateId: 'LOW_WALLET_BALANCE', mobileNumber: '9845061111' } })).status).toBe(401);
  });

  it('answers a bad number, a missing template id and unknown fields with 400 and their field paths', async () => {
    const bad = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'LOW_WALLET_BALANCE', mobileNumber: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'mobileNumber' })]);
    const missing = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { mobileNumber: '9845061111' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: 'templateId' })]);
    const unknown = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'LOW_WALLET_BALANCE', mobileNumber: '9845061111', channel: 'SMS' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'channel' })]);
    expect((await call(env.t, 'POST', SEND_TEST, { authKey: admin, rawBody: '{"templateId":' })).status).toBe(400);
    expect(await smsLog('LOW_WALLET_BALANCE')).toEqual([]);
  });

  it('answers 404 for an unknown template and 409 for a push template, sending nothing', async () => {
    const unknown = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'NO_SUCH_TEMPLATE', mobileNumber: '9845061111' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'templateId' })]);
    const push = await call(env.t, 'POST', SEND_TEST, { authKey: admin, body: { templateId: 'CHARGING_STARTED', mobileNumber: '9845061111' } });
    expect(push.status).toBe(409);
    expect(push.body.detail).toMatch(/Push templates cannot be sent/);
    expect(await auditRows((await templateRow('CHARGING_STARTED')).id)).toEqual([]);
  });
});
