import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { createSmsProvider } from '@server/sms/create-sms-provider';
import { createHttpSmsProvider } from '@server/sms/http-sms-provider';

const token = 't'.repeat(32);
const production = { APP_ENV: 'production', OTP_PEPPER: 'p'.repeat(40), UPLOAD_LINK_SECRET: 's'.repeat(40) };

describe('SMS_PROVIDER=http settings', () => {
  it('needs the gateway address and a bearer token of 24+ characters', () => {
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.in/send', SMS_HTTP_TOKEN: token })).toMatchObject({
      smsProvider: 'http',
      smsHttp: { url: 'https://sms.example.in/send', token },
    });
    expect(loadConfig({}).smsHttp).toBeNull();
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_TOKEN: token })).toThrow(/SMS_PROVIDER=http needs SMS_HTTP_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.in/send' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.in/send', SMS_HTTP_TOKEN: 'short' })).toThrow(/SMS_HTTP_TOKEN: must be at least 24/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'ftp://sms.example.in/', SMS_HTTP_TOKEN: token })).toThrow(/SMS_HTTP_URL: must be an http\(s\) address/);
  });

  it('starts production with it: https, or plain http only to this host', () => {
    const http = (url: string) => ({ ...production, SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: token });
    expect(loadConfig(http('https://sms.example.in/send')).appEnv).toBe('production');
    expect(loadConfig(http('http://127.0.0.1:8081/sms')).smsProvider).toBe('http');
    expect(loadConfig(http('http://localhost:8081/sms')).smsProvider).toBe('http');
    expect(() => loadConfig(http('http://sms.example.in/send'))).toThrow(/SMS_HTTP_URL must be an https address in production/);
  });
});

describe('the HTTP SMS provider', () => {
  const received: { auth: string | undefined; type: string | undefined; body: unknown }[] = [];
  let status = 200;
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ auth: request.headers.authorization, type: request.headers['content-type'], body: JSON.parse(text) });
      timers.add(setTimeout(() => response.writeHead(status).end('queued: your code is 123456'), delayMs));
    });
  });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(async () => {
    timers.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the number in international form, the text and its template as JSON with the bearer token', async () => {
    status = 202;
    const sms = createSmsProvider({ smsProvider: 'http', smsHttp: { url, token } });
    expect(sms.name).toBe('http');
    await sms.send('9876543210', 'Your sign-in code is 123456', 'czo-sign-in-otp');
    expect(received.at(-1)).toEqual({
      auth: `Bearer ${token}`,
      type: 'application/json',
      body: { to: '+919876543210', message: 'Your sign-in code is 123456', template: 'czo-sign-in-otp' },
    });
  });

  it("rejects a gateway's refusal, a time-out and an unreachable gateway, never quoting the text", async () => {
    status = 503;
    const refused = await createHttpSmsProvider({ url, token }).send('9876543210', 'Your sign-in code is 123456', 'czo-sign-in-otp').catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('The SMS gateway refused the text (HTTP 503).');
    // A gateway that does not answer (within the test's life) against a provider waiting 1 s.
    status = 200;
    delayMs = 120_000;
    const slow = createHttpSmsProvider({ url, token, timeoutMs: 1_000 });
    await expect(slow.send('9876543210', 'Your sign-in code is 123456', 'czo-sign-in-otp')).rejects.toThrow(/^The SMS gateway did not answer in time\.$/);
    delayMs = 0;
    const closed = createHttpSmsProvider({ url: 'http://127.0.0.1:1/sms', token });
    await expect(closed.send('9876543210', 'Your sign-in code is 123456', 'czo-sign-in-otp')).rejects.toThrow(/^The SMS gateway could not be reached\.$/);
  });
});
