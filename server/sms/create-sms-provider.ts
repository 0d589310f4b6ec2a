import type { AppConfig } from '@server/config';
import { createHttpSmsProvider } from './http-sms-provider';
import { createLogSmsProvider } from './log-sms-provider';
import type { SmsProvider } from './sms-provider';

/** The SMS provider named by SMS_PROVIDER: the log in development and tests, an HTTP gateway in production. */
export function createSmsProvider(config: Pick<AppConfig, 'smsProvider' | 'smsHttp'>): SmsProvider {
  switch (config.smsProvider) {
    case 'log':
      return createLogSmsProvider();
    case 'http':
      if (!config.smsHttp) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN.');
      return createHttpSmsProvider(config.smsHttp);
  }
}
