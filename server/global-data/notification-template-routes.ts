// Send test of a notification template (notification-service `template/send-test`): staff send a template once to
// a number, marked as a test, to see it arrive. SMS templates go through the SMS provider (the log provider outside
// production) and land in the SMS notification log like every text the platform sends; WhatsApp templates go through
// the WhatsApp log provider into the WhatsApp notification log. Numbers are stored masked (maskMobile) in both logs.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notificationTemplateResource } from '@domain/resources/notifications/notification-template';
import { maskMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import { logLine } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { notificationTemplates } from '@server/db/tables/global-data';
import { conflictProblem, HttpProblem, problemTypes } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { registerResourceAction } from '@server/resources/resource-actions';
import { sendSms } from '@server/sms/send-sms';
import { sendWhatsappThroughLog } from './whatsapp-log';

/** What a test send answers: where it went (masked), on which channel, under which log template, and how it went. */
export const sendTestAnswerSchema = z.object({
  channel: z.enum(['SMS', 'WHATSAPP']),
  mobileNumber: z.string(),
  template: z.string(),
  status: z.string(),
  message: z.string().nullable(),
});
type SendTestAnswer = z.infer<typeof sendTestAnswerSchema>;

/** The prefix every test message carries, so no one mistakes it for a real notice. */
export const TEST_MESSAGE_PREFIX = '[Test] ';

/** The SMS text of a test: the template's text with its DLT variables ({#var#}) filled with "TEST". */
export function testSmsText(smsText: string): string {
  return `${TEST_MESSAGE_PREFIX}${smsText.replace(/\{#var#\}/gi, 'TEST')}`;
}

const conflict = (detail: string) => conflictProblem(detail, [{ path: 'templateId', message: detail }]);

/** Registers Send test of the notification templates. */
export function registerNotificationTemplateRoutes(registry: RouteRegistry): void {
  const resource = notificationTemplateResource;
  registerResourceAction(registry, resource, 'send-test', {
    summary:
      'Send a template once to a mobile number (any common Indian form), marked as a test: an SMS template through the SMS provider into the SMS notification log, a WhatsApp template through the WhatsApp log provider into the WhatsApp notification log (numbers masked). Push and email templates have no test send (409).',
    responses: {
      201: { description: 'Sent: the log entry written (number masked)', schema: sendTestAnswerSchema },
      404: { description: 'No template with that template id', schema: problemSchema },
      409: { description: 'The template cannot be sent as a test (push or email, or no SMS text)', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const templateId = String(body.templateId);
      const mobileNumber = String(body.mobileNumber);
      const [template] = await deps.db.select().from(notificationTemplates).where(eq(notificationTemplates.templateId, templateId)).limit(1);
      if (!template) {
        throw new HttpProblem({ type: problemTypes.notFound, status: 404, title: 'Not Found', detail: 'There is no template with this template id.', errors: [{ path: 'templateId', message: 'No such template' }] });
      }
      let answer: SendTestAnswer;
      if (template.channel === 'SMS') {
        const smsText = typeof template.smsText === 'string' ? template.smsText.trim() : '';
        if (!smsText) throw conflict('This template has no SMS text to send.');
        const message = testSmsText(smsText);
        const sent = await sendSms(deps, mobileNumber, message, message, 'czo-notification-test', String(template.templateId));
        answer = { channel: 'SMS', mobileNumber: maskMobile(mobileNumber), template: String(template.templateId), status: sent ? 'sent' : 'failed', message };
      } else if (template.channel === 'WHATSAPP') {
        const first = Array.isArray(template.whatsapp) ? (template.whatsapp[0] as { templateName?: unknown } | undefined) : undefined;
        const templateName = typeof first?.templateName === 'string' ? first.templateName : String(template.templateId).toLowerCase();
        const status = await sendWhatsappThroughLog(deps, mobileNumber, templateName);
        answer = { channel: 'WHATSAPP', mobileNumber: maskMobile(mobileNumber), template: templateName, status, message: null };
      } else {
        const channel = template.channel === 'PUSH' ? 'Push' : 'Email';
        throw conflict(`${channel} templates cannot be sent to a number as a test: only SMS and WhatsApp templates can.`);
      }
      deps.logger.info(logLine('notification-test-sent', { templateId: template.id, channel: answer.channel, to: answer.mobileNumber, status: answer.status }));
      await writeAudit(
        deps.db,
        {
          entityType: resource.name,
          entityId: String(template.id),
          actorUserId: session.userId,
          action: 'send-test',
          changes: { sentTo: { to: answer.mobileNumber }, channel: { to: answer.channel }, status: { to: answer.status } },
        },
        deps.now(),
      );
      return c.json(answer, 201);
    },
  });
}
