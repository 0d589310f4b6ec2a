import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Context } from 'hono';
import { z } from 'zod';
import { relativePathSchema } from '@domain/resource/field';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import type { AppEnv } from '@server/http/app-env';
import { HttpProblem, notFoundProblem, problemResponse, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import type { ExtraRequestBodies } from '@server/openapi/build-openapi';
import { createDiskFileStore, isStoreKey, type FileStore } from '@server/uploads/file-store';
import { detectFileType, uploadTypes } from '@server/uploads/file-types';

/** Path of the upload route (spec §7: upload-service generic-file-upload). */
export const UPLOAD_PATH = '/upload-service/generic-file-upload';

/** Stored files are served below this path, so the console's CDN URL builder (IMAGE_CDN_URL default /cdn/) finds them. */
export const UPLOADS_URL_PREFIX = '/cdn/uploads';

/** Largest file accepted (5 MiB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

// Room for the multipart envelope (boundaries, part headers) around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** True for paths that enforce their own request body limit (the global 1 MiB limit must let them through). */
export function hasOwnBodyLimit(requestPath: string): boolean {
  return requestPath === UPLOAD_PATH;
}

/** Answer of an upload: what an image field or an image list stores (relativePath matches relativePathSchema). */
export const uploadResultSchema = z.object({
  id: z.string(),
  relativePath: relativePathSchema,
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(Object.values(uploadTypes) as [string, ...string[]]),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The multipart body of the upload route, for the OpenAPI document (it is not JSON, so no zod body schema). */
export const uploadRequestBodies: ExtraRequestBodies = {
  [`POST ${UPLOAD_PATH}`]: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: `PNG, JPEG, WebP, GIF or PDF (recognised by content), or a .csv text file; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`,
            },
          },
        },
      },
    },
  },
};

/** Options of registerUploadRoutes. */
export interface UploadRoutesOptions {
  /** The store of an app (default: the disk store under `<DATA_DIR>/uploads`). */
  store?: (deps: ResolvedDeps) => FileStore;
  /** Largest file in bytes (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
}

const tooLarge = (maxBytes: number) =>
  new HttpProblem({ type: problemTypes.payloadTooLarge, status: 413, title: 'Payload Too Large', detail: `The file is larger than ${formatBytes(maxBytes)}.` });

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

const missingFile = (message = 'Choose a file to upload') => validationProblem([{ path: 'file', message }], 'Send the file as multipart/form-data in the field "file".');

/** Reads the request body, refusing (413) as soon as it passes `limit` bytes, whatever Content-Length claims. */
async function readLimited(c: Context<AppEnv>, limit: number, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The file's name as the user knows it: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}

/**
 * POST /upload-service/generic-file-upload (signed-in, multipart field `file`): checks size and type, stores the
 * file and answers where it lives; GET /cdn/uploads/... serves stored files (public, like the rest of /cdn).
 */
export function registerUploadRoutes(registry: RouteRegistry, options: UploadRoutesOptions = {}): void {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const stores = new WeakMap<ResolvedDeps, FileStore>();
  const storeOf = (deps: ResolvedDeps): FileStore => {
    let store = stores.get(deps);
    if (!store) {
      store = options.store ? options.store(deps) : createDiskFileStore(path.join(deps.config.dataDir, 'uploads'));
      stores.set(deps, store);
    }
    return store;
  };

  registry.route({
    method: 'POST',
    path: UPLOAD_PATH,
    access: { kind: 'signed-in' },
    summary: `Upload a file (multipart field \`file\`): PNG, JPEG, WebP, GIF or PDF recognised by its bytes, or CSV text; at most ${formatBytes(maxBytes)}. Answers its relativePath for image fields; it is served under ${UPLOADS_URL_PREFIX}/.`,
    responses: {
      201: { description: 'The stored file', schema: uploadResultSchema },
      400: { description: 'No file in the field "file", or an empty file', schema: problemSchema },
      401: { description: 'Not signed in', schema: problemSchema },
      413: { description: `Larger than ${formatBytes(maxBytes)}`, schema: problemSchema },
      415: { description: 'Not an accepted file type', schema: problemSchema },
    },
    handler: async ({ c, deps }) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data\s*;/i.test(type)) throw missingFile();
      const raw = await readLimited(c, maxBytes + MULTIPART_OVERHEAD_BYTES, maxBytes);
      let form: FormData;
      try {
        form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
      } catch {
        throw missingFile('The multipart body could not be read');
      }
      const file = form.get('file');
      if (!(file instanceof File)) throw missingFile();
      if (file.size === 0) throw missingFile('The file is empty');
      if (file.size > maxBytes) throw tooLarge(maxBytes);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const detected = detectFileType(bytes, file.name);
      if (!detected) {
        throw new HttpProblem({
          type: '/problems/unsupported-media-type',
          status: 415,
          title: 'Unsupported Media Type',
          detail: 'Upload a PNG, JPEG, WebP, GIF or PDF file, or a .csv text file.',
          errors: [{ path: 'file', message: 'This file type is not accepted' }],
        });
      }
      const now = deps.now();
      const id = randomBytes(16).toString('base64url');
      const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${detected.ext}`;
      await storeOf(deps).put(key, bytes, detected.contentType);
      const result: UploadResult = {
        id,
        relativePath: `uploads/${key}`,
        name: cleanFileName(file.name, `upload.${detected.ext}`),
        size: bytes.byteLength,
        contentType: detected.contentType,
      };
      return c.json(result, 201);
    },
  });

  registry.route({
    method: 'GET',
    path: `${UPLOADS_URL_PREFIX}/:year/:month/:file`,
    access: { kind: 'public' },
    summary: `An uploaded file by its relativePath (below ${UPLOADS_URL_PREFIX}/, random names), public like the bundled /cdn images.`,
    responses: { 200: { description: 'The file' }, 404: { description: 'No such file', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const key = `${c.req.param('year')}/${c.req.param('month')}/${c.req.param('file')}`;
      const stored = isStoreKey(key) ? await storeOf(deps).get(key) : undefined;
      if (!stored) return problemResponse(c, notFoundProblem(`No uploaded file at ${c.req.path}.`).problem);
      const headers: Record<string, string> = {
        'Content-Type': stored.contentType,
        // Names are random and never reused: the file under a path never changes.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      };
      // CSV is downloaded, never rendered by the browser.
      if (stored.contentType === 'text/csv') headers['Content-Disposition'] = 'attachment';
      return c.body(stored.body as Uint8Array<ArrayBuffer>, 200, headers);
    },
  });
}
