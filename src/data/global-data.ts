import { globalConfigSchema, type GlobalConfig } from '@domain/global-config';
import { sessionPaths } from '@domain/session';
import { apiRequest } from './api-client';

/** Options of fetchGlobalData. */
export interface FetchGlobalDataOptions {
  /** Aborts the request (the session machine aborts it when the session ends first). */
  signal?: AbortSignal;
  /** The key to send; default the session's key set with setRequestAuthKey. */
  authKey?: string;
}

/** Fetches global data (GET /config/secure/czo-app-global) and validates it with globalConfigSchema. */
export function fetchGlobalData(options: FetchGlobalDataOptions = {}): Promise<GlobalConfig> {
  return apiRequest(sessionPaths.globalData, { signal: options.signal, authKey: options.authKey, schema: globalConfigSchema });
}
