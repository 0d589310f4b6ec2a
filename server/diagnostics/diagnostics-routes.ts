// The diagnostics API: ask chargers for their diagnostics (ROLE_REQUEST_DIAGNOSTICS), a charger's requests, a
// short-lived link to a received file and the file through it (ROLE_VIEW_HARDWARE_ACTIVITY_LOGS, as the charger's
// message log), and the location chargers upload to (no session: its one-use signed token is the key).
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  diagnosticsLinkSchema,
  diagnosticsPaths,
  diagnosticsRequestViewSchema,
  DOWNLOAD_DIAGNOSTICS_PERMISSION,
  REQUEST_DIAGNOSTICS_PERMISSION,
  requestDiagnosticsAnswerSchema,
  requestDiagnosticsBodySchema,
} from '@domain/diagnostics';
import { problemSchema } from '@domain/problem';
import { conflictProblem, forbiddenProblem, goneProblem, HttpProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { checkUploadLink, signUploadLink } from '@server/uploads/signed-links';
import { DIAGNOSTICS_UPLOAD_PREFIX, requestDiagnostics } from './diagnostics-service';
import { readRequests, requestView } from './diagnostics-store';
import { receiveDiagnosticsUpload } from './diagnostics-upload';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request an id names, or a 404. */
async function requestById(db: Parameters<typeof readRequests>[0], raw: string | undefined) {
  const id = raw && uuidPattern.test(raw) ? raw : undefined;
  const [row] = id ? await readRequests(db, sql`r.id = ${id}::uuid`, 1) : [];
  if (!row) throw notFoundProblem('No diagnostics request has this id.');
  return row;
}

/** The name a downloaded file is saved under: the charger's own name for it, else one of ours. */
function downloadName(row: { file_name: string | null; charger_unique_id: string | null; id: string }): string {
  const own = (row.file_name ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 120);
  return own || `diagnostics-${row.charger_unique_id ?? row.id}.bin`;
}

/** True for the paths whose route checks its own body limit (the diagnostics upload, up to DIAGNOSTICS_MAX_BYTES). */
export function ownsDiagnosticsBodyLimit(requestPath: string): boolean {
  return requestPath.startsWith(`${DIAGNOSTICS_UPLOAD_PREFIX}/`);
}

/** Registers the diagnostics' routes. */
export function registerDiagnosticsRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: diagnosticsPaths.request,
    access: { kind: 'permission', permission: REQUEST_DIAGNOSTICS_PERMISSION },
    body: requestDiagnosticsBodySchema,
    summary:
      'Ask one OCPP charger or up to 500 for their diagnostics (GetDiagnostics, optionally of a period, with retries and their interval): each gets a location of its own below CHARGER_FILES_URL to upload its file to, once, within DIAGNOSTICS_LINK_MINUTES. Answers a request per charger (and the command batch); one charger alone that is offline or not OCPP is a 409 and nothing is sent.',
    responses: {
      201: { description: 'The requests', schema: requestDiagnosticsAnswerSchema },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger', schema: problemSchema },
      409: { description: 'Offline, not OCPP', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const sent = await requestDiagnostics(
        { db: deps.db, bus: deps.bus, now: deps.now, logger: deps.logger, secret: deps.config.uploadLinks.secret, settings: deps.config.diagnostics, config: deps.config },
        body,
        session.userId,
      );
      return c.json({ batchId: sent.batchId, items: sent.items.map(requestView) }, 201);
    },
  });

  registry.route({
    method: 'GET',
    path: '/ccu/charger/:chargerId/diagnostics',
    access: { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
    summary: "A charger's latest 20 diagnostics requests, newest first: their state in words, the file's name, size, sha256 and when it arrived.",
    responses: { 200: { description: 'The requests', schema: z.object({ items: z.array(diagnosticsRequestViewSchema) }) }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const raw = c.req.param('chargerId') ?? '';
      if (!/^\d{1,15}$/.test(raw)) throw notFoundProblem('No charger has this id.');
      return c.json({ items: (await readRequests(deps.db, sql`r.charger_id = ${Number(raw)}`)).map(requestView) }, 200);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/diagnostics/:requestId/link',
    access: { kind: 'permission', permission: DOWNLOAD_DIAGNOSTICS_PERMISSION },
    summary:
      'A short-lived signed link (UPLOAD_LINK_TTL_SECONDS) to the diagnostics file a charger uploaded for a request. 409 when no file has been received, 410 when it was deleted after DIAGNOSTICS_RETENTION_DAYS.',
    responses: {
      200: { description: 'The link', schema: diagnosticsLinkSchema },
      404: { description: 'No such request', schema: problemSchema },
      409: { description: 'No file received', schema: problemSchema },
      410: { description: 'The file was deleted after the retention period', schema: problemSchema },
    },
    handler: async ({ c, deps }) => {
      const row = await requestById(deps.db, c.req.param('requestId'));
      const deleted = requestView(row).fileDeletedLabel;
      if (deleted) throw goneProblem(`${deleted}: it is no longer kept.`);
      if (!row.file_key) throw conflictProblem('No file has been received for this diagnostics request.');
      const link = signUploadLink(deps.config.uploadLinks.secret, diagnosticsPaths.file(row.id).slice(1), deps.now(), deps.config.uploadLinks.ttlSeconds);
      return c.json({ url: `/${link.url}`, expiresAt: link.expiresAt.toISOString(), fileName: downloadName(row) }, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: '/ccu/diagnostics/:requestId/file',
    // A signed link carries no session (a browser download cannot send a bearer header); the handler checks it.
    access: { kind: 'public' },
    summary: 'A received diagnostics file through its signed link (`expires`, `signature` from the link route), as an attachment. 403 for a link that has expired or is not ours.',
    responses: { 200: { description: 'The file' }, 403: { description: 'The link has expired or is not valid', schema: problemSchema }, 404: { description: 'No such file', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const raw = c.req.param('requestId') ?? '';
      const link = checkUploadLink(deps.config.uploadLinks.secret, diagnosticsPaths.file(raw).slice(1), c.req.query('expires'), c.req.query('signature'), deps.now());
      if (!link.valid) throw forbiddenProblem(link.reason === 'expired' ? 'This link has expired. Ask for the file again from the charger’s page.' : 'This link is not valid.');
      const row = await requestById(deps.db, raw);
      const stored = row.file_key ? await appFileStoreOf(deps).open?.(row.file_key) : undefined;
      if (!stored) throw notFoundProblem('The file is no longer kept.');
      return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(stored.size),
          'Content-Disposition': `attachment; filename="${downloadName(row)}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  });

  for (const method of ['PUT', 'POST'] as const) {
    registry.route({
      method,
      path: `${DIAGNOSTICS_UPLOAD_PREFIX}/:token`,
      // A charger has no staff session: the location's one-use token, signed by us for its request and charger, is the key.
      access: { kind: 'public' },
      summary: `A charger uploads the diagnostics file of a request to its location (the raw body, or a multipart/form-data file part), at most DIAGNOSTICS_MAX_BYTES: once, before the location expires. 403 for a token that is not ours or has expired, 409 for a second upload, 410 when the request has ended, 413 when too large (nothing stored).`,
      responses: {
        201: { description: 'Stored: its size and sha256', schema: z.object({ size: z.number(), sha256: z.string() }) },
        400: { description: 'No file, or an empty one', schema: problemSchema },
        403: { description: 'Not a location of ours, or expired', schema: problemSchema },
        409: { description: 'Used already, or an upload is in progress', schema: problemSchema },
        410: { description: 'The request has ended', schema: problemSchema },
        413: { description: 'Too large', schema: problemSchema },
      },
      handler: async ({ c, deps }) => {
        const token = c.req.param('token') ?? '';
        if (token.length > 200) throw new HttpProblem({ type: 'about:blank', status: 403, title: 'Forbidden', detail: 'This upload location is not valid.' });
        return receiveDiagnosticsUpload(c, deps, token);
      },
    });
  }
}
