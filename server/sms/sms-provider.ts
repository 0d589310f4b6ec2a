/** Sends text messages to Indian mobile numbers; the log provider in development, a real gateway in production. */
export interface SmsProvider {
  /** Name stored in sms_notification_logs.provider. */
  readonly name: string;
  /** Sends the message to the 10-digit national number; rejects when the provider refuses it. */
  send(national10Digits: string, message: string, template: SmsTemplate): Promise<void>;
}

/** Which message a text is, so providers can map it to a registered template (DLT in India). */
export type SmsTemplate = 'czo-sign-in-otp' | 'czo-change-number-otp' | 'czo-notification-test' | 'czo-invoice-reminder' | 'czo-help-message';

/** Templates that carry a one-time code. */
export const otpTemplates: readonly SmsTemplate[] = ['czo-sign-in-otp', 'czo-change-number-otp'];
