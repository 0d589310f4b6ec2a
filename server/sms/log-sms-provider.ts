import { otpTemplates, type SmsProvider, type SmsTemplate } from './sms-provider';

/**
 * Development and test SMS provider: prints a one-time code on stdout as `[sms:log] OTP <number> <code>`
 * (the e2e tests read this line) instead of sending anything. Refused in production by loadConfig.
 */
export function createLogSmsProvider(write: (line: string) => void = (line) => process.stdout.write(line)): SmsProvider {
  return {
    name: 'log',
    async send(national10Digits: string, message: string, template: SmsTemplate): Promise<void> {
      if (otpTemplates.includes(template)) {
        const code = /\b(\d{6})\b/.exec(message)?.[1] ?? '';
        write(`[sms:log] OTP ${national10Digits} ${code}\n`);
      } else {
        write(`[sms:log] ${template} ${national10Digits} ${message}\n`);
      }
    },
  };
}
