import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE, problemSchema, type Problem } from '@domain/problem';

/** An API answer that was not 2xx, with its problem+json body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
  }

  /** The message of the field error at a dotted path, if the server named that field. */
  fieldError(path: string): string | undefined {
    return this.problem.errors?.find((e) => e.path === path)?.message;
  }
}

let authKey: string | null = null;

/** Sets the bearer key sent with every call (the session owns it; null: none). */
export function setRequestAuthKey(key: string | null): void {
  authKey = key;
}

/** Base URL of the API host (VITE_API_BASE_URL); default the console's own origin. */
export const apiBaseUrl: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

/** Options of apiRequest. */
export interface ApiRequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the answer; without it the body is used as is. */
  schema?: S;
  /** Sends this key instead of the session's (session validation on load). */
  authKey?: string | null;
  /** Lets the request outlive the page (a save right before a reload); default false. */
  keepalive?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * The shared fetch helper: JSON content type, `Authorization: Bearer` when a key is known, problem+json
 * errors as ApiError (network failures too, with the generic message).
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const key = options.authKey === undefined ? authKey : options.authKey;
  const headers: Record<string, string> = { ...options.headers, 'Content-Type': 'application/json', Accept: 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { status: 0, title: 'Network error', detail: GENERIC_ERROR_MESSAGE });
  }
  return readAnswer(response, options.schema);
}

async function readAnswer<S extends z.ZodType | undefined>(response: Response, schema: S | undefined): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    const parsed = problemSchema.safeParse(body);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data : { status: response.status, title: response.statusText || 'Error', detail: GENERIC_ERROR_MESSAGE },
    );
  }
  return (schema ? schema.parse(body) : body) as S extends z.ZodType ? z.infer<S> : unknown;
}


/** Uploads a file as multipart form data (field `file`) with the bearer header; problem+json errors as ApiError. */
export async function apiUpload<S extends z.ZodType>(path: string, file: Blob, name: string, schema: S): Promise<z.infer<S>> {
  const form = new FormData();
  form.append('file', file, name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (authKey) headers.Authorization = `Bearer ${authKey}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, { status: 0, title: 'Network error', detail: GENERIC_ERROR_MESSAGE });
  }
  return readAnswer(response, schema) as Promise<z.infer<S>>;
}

/**
 * Uploads a multipart form with the bearer header, telling `onProgress` the share sent (0…1) as it goes (fetch cannot
 * report an upload's progress, XMLHttpRequest can); problem+json errors as ApiError.
 */
export function apiUploadForm<S extends z.ZodType>(path: string, form: FormData, schema: S, onProgress: (sent: number) => void): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (authKey) xhr.setRequestHeader('Authorization', `Bearer ${authKey}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, { status: 0, title: 'Network error', detail: GENERIC_ERROR_MESSAGE }));
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, { status: xhr.status, headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' } });
      readAnswer(response, schema).then((answer) => resolve(answer as z.infer<S>), reject);
    };
    xhr.send(form);
  });
}

/**
 * Fetches a file with the bearer header and hands it to the browser as a download (an object URL, so the file never
 * needs a link without the session); the name is the answer's Content-Disposition file name, else `fallbackName`.
 * Problem+json errors as ApiError.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (authKey) headers.Authorization = `Bearer ${authKey}`;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, { headers });
  } catch {
    throw new ApiError(0, { status: 0, title: 'Network error', detail: GENERIC_ERROR_MESSAGE });
  }
  if (!response.ok) await readAnswer(response, undefined);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a moment later: the browser has started the download from it by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A message fit for a toast or an inline error, from anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.problem.detail ?? error.problem.title ?? GENERIC_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
