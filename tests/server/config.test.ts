import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chargerFileUrl, ConfigError, DEFAULT_DEV_CHARGER_PASSWORD, devChargerPassword, loadConfig } from '@server/config';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';
import { otpMessage } from '@server/sms/otp-message';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appEnv: 'development',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      session: { idleMinutes: 120, absoluteHours: 12, cacheSeconds: 5 },
      otp: { ttlSeconds: 300, maxAttempts: 5, sendsPerNumber: 3, sendsPerClient: 20, sendWindowMinutes: 10, resendAfterSeconds: 30 },
      trustProxy: false,
      imageCdnUrl: '/cdn/',
      smsProvider: 'log',
      staticDir: path.resolve('./dist'),
      seedScale: 1,
    });
    expect(config.otp.pepper.length).toBeGreaterThanOrEqual(32);
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      NODE_ENV: 'test',
      SESSION_IDLE_MINUTES: '5',
      OTP_SENDS_PER_CLIENT: '7',
      TRUST_PROXY: 'true',
      IMAGE_CDN_URL: 'https://cdn.example/',
      STATIC_DIR: '/srv/console',
      SEED_SCALE: '0.1',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      appEnv: 'test',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      trustProxy: true,
      imageCdnUrl: 'https://cdn.example/',
      staticDir: '/srv/console',
      seedScale: 0.1,
    });
    expect(config.session.idleMinutes).toBe(5);
    expect(config.otp.sendsPerClient).toBe(7);
    expect(loadConfig({ NODE_ENV: 'test', APP_ENV: 'development' }).appEnv).toBe('development');
  });

  it('signs links to private uploads with UPLOAD_LINK_SECRET (a random per-process secret by default), valid UPLOAD_LINK_TTL_SECONDS', () => {
    const defaults = loadConfig({});
    expect(defaults.uploadLinks.ttlSeconds).toBe(600);
    expect(defaults.uploadLinks.secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).uploadLinks.secret).not.toBe(defaults.uploadLinks.secret);
    expect(loadConfig({ UPLOAD_LINK_SECRET: 's'.repeat(40), UPLOAD_LINK_TTL_SECONDS: '120' }).uploadLinks).toEqual({ secret: 's'.repeat(40), ttlSeconds: 120 });
    expect(() => loadConfig({ UPLOAD_LINK_SECRET: 'short' })).toThrow(/UPLOAD_LINK_SECRET/);
    expect(() => loadConfig({ UPLOAD_LINK_TTL_SECONDS: '5' })).toThrow(/UPLOAD_LINK_TTL_SECONDS/);
  });

  it('refuses invalid values, naming them', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SEED_SCALE: '0' })).toThrow(/SEED_SCALE/);
  });

  it('refuses the log SMS provider in production, so codes are never logged there', () => {
    expect(() => loadConfig({ APP_ENV: 'production', OTP_PEPPER: 'p'.repeat(40) })).toThrow(/SMS_PROVIDER=log/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'log', OTP_PEPPER: 'p'.repeat(40) })).toThrow(ConfigError);
  });

  it('keeps the embedded database in memory only when asked, and never in production', () => {
    expect(loadConfig({}).databaseInMemory).toBe(false);
    expect(loadConfig({ DATABASE_IN_MEMORY: 'true' }).databaseInMemory).toBe(true);
    expect(() => loadConfig({ DATABASE_IN_MEMORY: 'yes' })).toThrow(/DATABASE_IN_MEMORY/);
    expect(() => loadConfig({ APP_ENV: 'production', DATABASE_IN_MEMORY: 'true' })).toThrow(/DATABASE_IN_MEMORY=true/);
  });

  it('gives the demo chargers DEV_CHARGER_PASSWORD (a development default), the same to the seed and the simulator, and refuses it in production', () => {
    expect(loadConfig({}).devChargerPassword).toBe(DEFAULT_DEV_CHARGER_PASSWORD);
    expect(loadConfig({ DEV_CHARGER_PASSWORD: 'another-dev-pass' }).devChargerPassword).toBe('another-dev-pass');
    expect(devChargerPassword({})).toBe(DEFAULT_DEV_CHARGER_PASSWORD);
    expect(devChargerPassword({ DEV_CHARGER_PASSWORD: 'another-dev-pass' })).toBe('another-dev-pass');
    expect(() => loadConfig({ DEV_CHARGER_PASSWORD: 'short' })).toThrow(/DEV_CHARGER_PASSWORD/);
    expect(() => loadConfig({ APP_ENV: 'production', DEV_CHARGER_PASSWORD: 'another-dev-pass' })).toThrow(/DEV_CHARGER_PASSWORD is the demo chargers/);
  });

  it('holds add-credits batches above ADD_CREDITS_APPROVAL_ABOVE_PAISE (default ₹5,000) for a second approval', () => {
    expect(loadConfig({}).addCredits).toEqual({ approvalAbovePaise: 500_000 });
    expect(loadConfig({ ADD_CREDITS_APPROVAL_ABOVE_PAISE: '0' }).addCredits.approvalAbovePaise).toBe(0);
    expect(loadConfig({ ADD_CREDITS_APPROVAL_ABOVE_PAISE: '2500000' }).addCredits.approvalAbovePaise).toBe(2_500_000);
    expect(() => loadConfig({ ADD_CREDITS_APPROVAL_ABOVE_PAISE: '-1' })).toThrow(/ADD_CREDITS_APPROVAL_ABOVE_PAISE/);
    expect(() => loadConfig({ ADD_CREDITS_APPROVAL_ABOVE_PAISE: '12.5' })).toThrow(/ADD_CREDITS_APPROVAL_ABOVE_PAISE/);
  });

  it('limits OCPP frames to OCPP_MAX_FRAME_BYTES (default 64 KiB), at least 4 KiB and at most 16 MiB', () => {
    expect(loadConfig({}).ocpp).toEqual({ maxFrameBytes: 65_536, commandTimeoutSeconds: 30 });
    expect(loadConfig({ OCPP_MAX_FRAME_BYTES: '131072' }).ocpp.maxFrameBytes).toBe(131_072);
    expect(() => loadConfig({ OCPP_MAX_FRAME_BYTES: '1024' })).toThrow(/OCPP_MAX_FRAME_BYTES/);
    expect(() => loadConfig({ OCPP_MAX_FRAME_BYTES: '104857600' })).toThrow(/OCPP_MAX_FRAME_BYTES/);
  });

  it('hands chargers addresses below CHARGER_FILES_URL (default http://<HOST>:<PORT>), an http(s) address', () => {
    expect(loadConfig({}).chargerFilesUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).chargerFilesUrl).toBe('http://127.0.0.1:4000');
    const config = loadConfig({ CHARGER_FILES_URL: 'https://chargers.example.in/' });
    expect(config.chargerFilesUrl).toBe('https://chargers.example.in');
    expect(chargerFileUrl(config, '/ocpp-files/firmware/x?expires=1')).toBe('https://chargers.example.in/ocpp-files/firmware/x?expires=1');
    expect(chargerFileUrl(config, 'ocpp-files/diagnostics/t')).toBe('https://chargers.example.in/ocpp-files/diagnostics/t');
    expect(() => loadConfig({ CHARGER_FILES_URL: 'ftp://chargers.example.in/' })).toThrow(/CHARGER_FILES_URL: must be an http\(s\) address/);
    expect(() => loadConfig({ CHARGER_FILES_URL: 'chargers.example.in' })).toThrow(/CHARGER_FILES_URL/);
  });

  it('keeps diagnostics files DIAGNOSTICS_RETENTION_DAYS (default 90, 1–3,650)', () => {
    expect(loadConfig({}).diagnostics.retentionDays).toBe(90);
    expect(loadConfig({ DIAGNOSTICS_RETENTION_DAYS: '7' }).diagnostics.retentionDays).toBe(7);
    expect(() => loadConfig({ DIAGNOSTICS_RETENTION_DAYS: '0' })).toThrow(/DIAGNOSTICS_RETENTION_DAYS/);
    expect(() => loadConfig({ DIAGNOSTICS_RETENTION_DAYS: '4000' })).toThrow(/DIAGNOSTICS_RETENTION_DAYS/);
    expect(() => loadConfig({ DIAGNOSTICS_RETENTION_DAYS: '1.5' })).toThrow(/DIAGNOSTICS_RETENTION_DAYS/);
  });

  it('asks a prepaid wallet for SESSION_START_MIN_WALLET_PAISE (default ₹50) to start a session', () => {
    expect(loadConfig({}).sessionStart).toEqual({ minWalletPaise: 5_000 });
    expect(loadConfig({ SESSION_START_MIN_WALLET_PAISE: '0' }).sessionStart.minWalletPaise).toBe(0);
    expect(loadConfig({ SESSION_START_MIN_WALLET_PAISE: '10000' }).sessionStart.minWalletPaise).toBe(10_000);
    expect(() => loadConfig({ SESSION_START_MIN_WALLET_PAISE: '-1' })).toThrow(/SESSION_START_MIN_WALLET_PAISE/);
    expect(() => loadConfig({ SESSION_START_MIN_WALLET_PAISE: '49.5' })).toThrow(/SESSION_START_MIN_WALLET_PAISE/);
  });
});

describe('log SMS provider', () => {
  it('prints exactly one line "[sms:log] OTP <number> <code>"', async () => {
    const lines: string[] = [];
    const provider = createLogSmsProvider((line) => void lines.push(line));
    await provider.send('9000000001', otpMessage('042917', 300), 'czo-sign-in-otp');
    expect(lines).toEqual(['[sms:log] OTP 9000000001 042917\n']);
    expect(otpMessage('******', 300)).toBe('Your CZO console sign-in code is ******. It is valid for 5 minutes.');
  });
});
