import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { relativePathSchema } from '@domain/resource/field';
import { problemSchema } from '@domain/problem';
import {
  findUploadKind,
  mayUpload,
  mayViewUploads,
  PRIVATE_UPLOADS_FOLDER,
  privateUploadKindOf,
  uploadKindNames,
  uploadPermissionsOf,
  type UploadKind,
} from '@domain/upload-kinds';
import type { ResolvedDeps } from '@server/app-deps';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { authenticate } from '@server/auth/session-service';
import { users } from '@server/db/schema';
import type { AppEnv } from '@server/http/app-env';
import { MULTIPART_OVERHEAD_BYTES, readLimited } from '@server/http/read-limited';
import { forbiddenProblem, HttpProblem, notFoundProblem, problemResponse, problemTypes, unauthorizedProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import type { ExtraRequestBodies } from '@server/openapi/build-openapi';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { isStoreKey, type FileStore, type StoredFile } from '@server/uploads/file-store';
import { detectFileType, uploadTypes } from '@server/uploads/file-types';
import { checkUploadLink, signUploadLink } from '@server/uploads/signed-links';

/** Path of the upload route (the upload service's generic-file-upload). */
export const UPLOAD_PATH = '/upload-service/generic-file-upload';

/** Stored files are served below this path, so the console's CDN URL builder (IMAGE_CDN_URL default /cdn/) finds them. */
export const UPLOADS_URL_PREFIX = '/cdn/uploads';

/** Path of the route that answers signed links to private uploads. */
export const SIGNED_URLS_PATH = '/upload-service/signed-urls';

/** Largest file accepted (5 MiB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

// Room for the multipart envelope (boundaries, part headers) around the file itself.

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

/** Query of the upload route: what the file is for. */
export const uploadQuerySchema = z.object({
  kind: z.enum(uploadKindNames, { error: `Say what the file is for: kind is one of ${uploadKindNames.join(', ')}` }),
});

/** Body of the signed-links route: relative paths of uploads (at most 100). */
export const signedUrlsRequestSchema = z.strictObject({
  paths: z.array(z.string().max(300)).min(1, 'Send at least one path').max(100, 'At most 100 paths'),
});

/** Answer of the signed-links route: a link (relative to the image CDN base) for each path the caller may load. */
export const signedUrlsSchema = z.object({ urls: z.record(z.string(), z.string()) });

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
  /** The store of an app (default: the server's, server/uploads/app-file-store.ts). */
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

/** The file's name as the user knows it: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}

/** True when the session may load files of a private kind: it may view that kind of record, or upload such files. */
function maySee(session: AuthenticatedSession, kind: UploadKind): boolean {
  return mayViewUploads(session.permissions, kind) || mayUpload(session.permissions, kind);
}

/** True when the path is the session user's own picture (everyone sees their own avatar, whatever their role). */
async function isOwnPhoto(deps: ResolvedDeps, session: AuthenticatedSession, kind: UploadKind, relativePath: string): Promise<boolean> {
  if (kind.resource !== 'users') return false;
  const rows = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.id, session.userId), eq(users.image, relativePath))).limit(1);
  return rows.length > 0;
}

function fileResponse(c: Context<AppEnv>, stored: StoredFile, cacheControl: string): Response {
  const headers: Record<string, string> = { 'Content-Type': stored.contentType, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' };
  // CSV is downloaded, never rendered by the browser.
  if (stored.contentType === 'text/csv') headers['Content-Disposition'] = 'attachment';
  return c.body(stored.body as Uint8Array<ArrayBuffer>, 200, headers);
}

/**
 * POST /upload-service/generic-file-upload?kind=… (multipart field `file`): needs a permission to write the
 * kind's records; checks size and type, stores the file and answers where it lives. GET /cdn/uploads/... serves
 * public kinds' files to anyone; GET /cdn/uploads/private/<kind>/... only with a valid signed link or the session
 * of someone who may view that kind of record; POST /upload-service/signed-urls answers such links.
 */
export function registerUploadRoutes(registry: RouteRegistry, options: UploadRoutesOptions = {}): void {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const stores = new WeakMap<ResolvedDeps, FileStore>();
  const storeOf = (deps: ResolvedDeps): FileStore => {
    let store = stores.get(deps);
    if (!store) {
      store = options.store ? options.store(deps) : appFileStoreOf(deps);
      stores.set(deps, store);
    }
    return store;
  };

  registry.route({
    method: 'POST',
    path: UPLOAD_PATH,
    access: { kind: 'signed-in' },
    query: uploadQuerySchema,
    summary: `Upload a file (multipart field \`file\`) for a kind of record (\`kind\`: needs the create or update permission of that record, checked before the file is read): PNG, JPEG, WebP, GIF or PDF recognised by its bytes, or CSV text; at most ${formatBytes(maxBytes)}. Answers its relativePath for image fields; public kinds are served under ${UPLOADS_URL_PREFIX}/, private ones under ${UPLOADS_URL_PREFIX}/${PRIVATE_UPLOADS_FOLDER}/<kind>/ through signed links.`,
    responses: {
      201: { description: 'The stored file', schema: uploadResultSchema },
      400: { description: 'No kind, no file in the field "file", or an empty file', schema: problemSchema },
      401: { description: 'Not signed in', schema: problemSchema },
      403: { description: 'No permission to write records of that kind', schema: problemSchema },
      413: { description: `Larger than ${formatBytes(maxBytes)}`, schema: problemSchema },
      415: { description: 'Not an accepted file type', schema: problemSchema },
    },
    handler: async ({ c, query, session, deps }) => {
      const kind = findUploadKind(query.kind)!;
      if (!mayUpload(session.permissions, kind)) {
        const needed = uploadPermissionsOf(kind);
        throw forbiddenProblem(needed.length > 0 ? `You do not have a permission this needs (${needed.join(' or ')}).` : 'Files of this kind cannot be uploaded.');
      }
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data\s*;/i.test(type)) throw missingFile();
      const raw = await readLimited(c, maxBytes + MULTIPART_OVERHEAD_BYTES, () => tooLarge(maxBytes));
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
      const folder = kind.visibility === 'private' ? `${PRIVATE_UPLOADS_FOLDER}/${kind.name}/` : '';
      const key = `${folder}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${detected.ext}`;
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
    summary: `A public kind's uploaded file by its relativePath (below ${UPLOADS_URL_PREFIX}/, random names), public like the bundled /cdn images.`,
    responses: { 200: { description: 'The file' }, 404: { description: 'No such file', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const key = `${c.req.param('year')}/${c.req.param('month')}/${c.req.param('file')}`;
      const stored = isStoreKey(key) ? await storeOf(deps).get(key) : undefined;
      if (!stored) return problemResponse(c, notFoundProblem(`No uploaded file at ${c.req.path}.`).problem);
      // Names are random and never reused: the file under a path never changes.
      return fileResponse(c, stored, 'public, max-age=31536000, immutable');
    },
  });

  registry.route({
    method: 'GET',
    path: `${UPLOADS_URL_PREFIX}/${PRIVATE_UPLOADS_FOLDER}/:kind/:year/:month/:file`,
    // Not 'signed-in': a signed link carries no session (an <img src> cannot send one). The handler checks either.
    access: { kind: 'public' },
    summary: `A private kind's uploaded file: with a signed link (\`expires\`, \`signature\` from ${SIGNED_URLS_PATH}), or with the Authorization header of someone who may view that kind of record. 401 with neither, 403 for a link that is expired or not ours or a session without the permission.`,
    responses: {
      200: { description: 'The file' },
      401: { description: 'Neither a signed link nor a session', schema: problemSchema },
      403: { description: 'The link has expired or is not valid, or the session may not view this kind of record', schema: problemSchema },
      404: { description: 'No such file', schema: problemSchema },
    },
    handler: async ({ c, deps }) => {
      const key = `${PRIVATE_UPLOADS_FOLDER}/${c.req.param('kind')}/${c.req.param('year')}/${c.req.param('month')}/${c.req.param('file')}`;
      const relativePath = `uploads/${key}`;
      const kind = privateUploadKindOf(relativePath);
      if (!kind || !isStoreKey(key)) return problemResponse(c, notFoundProblem(`No uploaded file at ${c.req.path}.`).problem);
      const now = deps.now();
      const expires = c.req.query('expires');
      const signature = c.req.query('signature');
      let cacheControl: string;
      if (expires !== undefined || signature !== undefined) {
        const link = checkUploadLink(deps.config.uploadLinks.secret, relativePath, expires, signature, now);
        if (!link.valid) throw forbiddenProblem(link.reason === 'expired' ? 'This link has expired. Open the page again for a new one.' : 'This link is not valid.');
        // The browser may keep it while the link lives; nothing shared (a proxy, a CDN) keeps it.
        cacheControl = `private, max-age=${Math.max(0, Math.floor((link.expiresAt.getTime() - now.getTime()) / 1000))}`;
      } else {
        const authorization = c.req.header('authorization');
        if (!authorization) throw unauthorizedProblem('Sign in, or use a signed link, to see this file.');
        const session = await authenticate(deps, authorization);
        if (!maySee(session, kind) && !(await isOwnPhoto(deps, session, kind, relativePath))) {
          throw forbiddenProblem('You do not have a permission to view the records these files belong to.');
        }
        cacheControl = 'private, no-cache';
      }
      const stored = await storeOf(deps).get(key);
      if (!stored) return problemResponse(c, notFoundProblem(`No uploaded file at ${c.req.path}.`).problem);
      return fileResponse(c, stored, cacheControl);
    },
  });

  registry.route({
    method: 'POST',
    path: SIGNED_URLS_PATH,
    access: { kind: 'signed-in' },
    body: signedUrlsRequestSchema,
    summary: `Signed links to private uploads (relative paths \`uploads/${PRIVATE_UPLOADS_FOLDER}/<kind>/…\`, at most 100), valid UPLOAD_LINK_TTL_SECONDS (default 10 minutes): one for each path whose kind of record the caller may view (or may upload, or that is their own picture); other paths are left out, public paths come back as they are.`,
    responses: { 200: { description: 'Links by path, relative to the image CDN base', schema: signedUrlsSchema }, 400: { description: 'Invalid input', schema: problemSchema }, 401: { description: 'Not signed in', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const urls: Record<string, string> = {};
      for (const path of new Set(body.paths)) {
        const kind = privateUploadKindOf(path);
        if (!kind) {
          if (relativePathSchema.safeParse(path).success && !path.startsWith(`uploads/${PRIVATE_UPLOADS_FOLDER}/`)) urls[path] = path;
          continue;
        }
        if (maySee(session, kind) || (await isOwnPhoto(deps, session, kind, path))) {
          urls[path] = signUploadLink(deps.config.uploadLinks.secret, path, now, deps.config.uploadLinks.ttlSeconds).url;
        }
      }
      return c.json({ urls }, 200);
    },
  });
}
