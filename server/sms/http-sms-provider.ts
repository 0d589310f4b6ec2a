import type { SmsProvider, SmsTemplate } from './sms-provider';

/** How long the gateway has to answer one text. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

/** What the gateway receives for each text (JSON). */
export interface SmsHttpRequest {
  /** The mobile number in international form: +91 and the 10 digits. */
  to: string;
  message: string;
  /** Which message it is (its DLT template: the gateway maps it to the template registered for it). */
  template: SmsTemplate;
}

/**
 * The production SMS provider (SMS_PROVIDER=http): POSTs each text as JSON (SmsHttpRequest) to the gateway's address
 * with `Authorization: Bearer <token>`; the operator's gateway, or a relay in front of their SMS service, sends it.
 * A 2xx answer within SMS_HTTP_TIMEOUT_MS is sent; any other answer, a time-out or a network error rejects with an
 * error that never quotes the message (which may carry a one-time code): send-sms.ts records the text as failed.
 */
export function createHttpSmsProvider(options: { url: string; token: string; timeoutMs?: number; fetch?: typeof fetch }): SmsProvider {
  const send = options.fetch ?? fetch;
  return {
    name: 'http',
    async send(national10Digits: string, message: string, template: SmsTemplate): Promise<void> {
      const body: SmsHttpRequest = { to: `+91${national10Digits}`, message, template };
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? SMS_HTTP_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new Error(timedOut ? 'The SMS gateway did not answer in time.' : 'The SMS gateway could not be reached.');
      }
      // Read to the end so the connection can be reused; the answer's text is not kept (it may quote the message).
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`The SMS gateway refused the text (HTTP ${response.status}).`);
    },
  };
}
