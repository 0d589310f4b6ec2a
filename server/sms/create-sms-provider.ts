import type { AppConfig } from '@server/config';
import { createLogSmsProvider } from './log-sms-provider';
import type { SmsProvider } from './sms-provider';

/** The SMS provider named by SMS_PROVIDER (only 'log' for now; a real gateway plugs in here). */
export function createSmsProvider(config: Pick<AppConfig, 'smsProvider'>): SmsProvider {
  switch (config.smsProvider) {
    case 'log':
      return createLogSmsProvider();
  }
}
