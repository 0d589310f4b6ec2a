import { maskMobile } from '@domain/phone';
import { logLine, type ResolvedDeps } from '@server/app-deps';
import { smsNotificationLogs } from '@server/db/schema';
import type { SmsTemplate } from './sms-provider';

/**
 * Sends an SMS through the configured provider and records it in sms_notification_logs with the number
 * masked and the message as given in `maskedMessage` (never the code), under `logTemplate` (default: the
 * provider's template). Returns false when sending failed.
 */
export async function sendSms(
  deps: ResolvedDeps,
  national10Digits: string,
  message: string,
  maskedMessage: string,
  template: SmsTemplate,
  logTemplate: string = template,
): Promise<boolean> {
  let status: 'sent' | 'failed' = 'sent';
  try {
    await deps.sms.send(national10Digits, message, template);
  } catch (error) {
    status = 'failed';
    // Never the provider's error message: it may quote the message sent (a one-time code).
    const name = error instanceof Error ? error.name : typeof error;
    deps.logger.error(logLine('sms-failed', { provider: deps.sms.name, template, to: maskMobile(national10Digits), error: name }));
  }
  await deps.db.insert(smsNotificationLogs).values({
    mobileNumber: maskMobile(national10Digits),
    message: maskedMessage,
    template: logTemplate,
    provider: deps.sms.name,
    status,
    createdAt: deps.now(),
  });
  return status === 'sent';
}
