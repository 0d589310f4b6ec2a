// Downloads over HTTP: create one (a report type or any list, with the list's own query string, parsed by the
// list's own schema, refused past the row limit), get a short-lived signed link to a ready file (its requester or
// ROLE_MANAGE_DOWNLOADS), and the file itself through that link, streamed. Cancel and retry are the download
// machine's events on the generic transition route (server/workflows/workflow-routes.ts).
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { downloadResource } from '@domain/resources/downloads/download';
import { DEFAULT_EXPORT_ROW_LIMIT, describeQuery, downloadLinkSchema, downloadOptionsSchema, downloadRequestSchema, exportColumns, offeredColumns, reportResources, reportTypeOf } from '@domain/downloads';
import { hasPermission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { viewPermission } from '@domain/resource/define-resource';
import { listQuerySchema } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import type { ResolvedDeps } from '@server/app-deps';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { writeAudit } from '@server/audit/write-audit';
import type { AppEnv } from '@server/http/app-env';
import { idempotent } from '@server/http/idempotency';
import { forbiddenProblem, goneProblem, HttpProblem, notFoundProblem, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { enqueueJob } from '@server/jobs/job-queue';
import { announceJob } from '@server/jobs/announce-job';
import { findRecord, scopeConditions, tableOf } from '@server/resources/resource-query';
import { checkUploadLink, signUploadLink } from '@server/uploads/signed-links';
import { downloadConfigurationOf, EXPORT_JOB } from './download-job';
import { countExportRows } from './export-rows';
import { downloadsTable, loadDownload } from './download-state';
import { downloadStoreOf } from './download-store';

/** Who may fetch any download's file, cancel or retry it (besides its requester). */
export const MANAGE_DOWNLOADS = 'ROLE_MANAGE_DOWNLOADS' as const;

/** Problem type of a download past its report's row limit. */
export const rowLimitProblemType = '/problems/download-row-limit';

/** True when the session may fetch, cancel and retry the download. */
export function mayHandleDownload(session: AuthenticatedSession, download: Readonly<Record<string, unknown>>): boolean {
  return download.requestedBy === session.userId || hasPermission(session.permissions, MANAGE_DOWNLOADS);
}

function fileNameOf(download: Record<string, unknown>): string {
  const resource = resources.find((r) => r.name === download.source);
  const base = (resource?.plural ?? String(download.reportType)).toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const day = new Date(download.requestedAt as string).toISOString().slice(0, 10);
  return `${base}-${day}-${String(download.id)}.${download.format === 'XLSX' ? 'xlsx' : 'csv'}`;
}

const filePathOf = (id: string | number) => `${downloadResource.apiPath}/${id}/file`;

/** Registers the download routes. */
export function registerDownloadRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: `${downloadResource.apiPath}/options`,
    access: { kind: 'signed-in' },
    summary: 'What a download can be made of: each report type the caller may view, its list, the columns offered (and which are preselected) and its row limit.',
    responses: { 200: { description: 'Report types', schema: downloadOptionsSchema } },
    handler: async ({ c, session, deps }) => {
      const reports = [];
      for (const [reportType, name] of Object.entries(reportResources)) {
        const resource = resources.find((r) => r.name === name);
        if (!resource) continue;
        const permission = viewPermission(resource, undefined);
        if (permission !== null && !hasPermission(session.permissions, permission)) continue;
        const config = await downloadConfigurationOf(deps.db, reportType);
        reports.push({ reportType, resource: name, title: resource.plural, maxRows: config?.maxRows ?? DEFAULT_EXPORT_ROW_LIMIT, columns: offeredColumns(resource, config?.columns) });
      }
      return c.json({ reports }, 200);
    },
  });

  registry.route({
    method: 'POST',
    path: downloadResource.apiPath,
    access: { kind: 'signed-in' },
    body: downloadRequestSchema,
    summary:
      'Request a download: a report type or a list by name (`resource`, with the list view’s `scope`), the list’s URL query string (filters, `q`, `sort`: validated as the list validates them), CSV or Excel and optionally the columns. Needs the list’s view permission. Refused (422) past the report’s row limit. The file is made in the background; the download answers at once (201, QUEUED). Accepts an Idempotency-Key header.',
    responses: {
      201: { description: 'The queued download' },
      400: { description: 'Invalid input (field paths under `query.` for the list’s filters)', schema: problemSchema },
      403: { description: 'No permission to view that list', schema: problemSchema },
      422: { description: 'More rows than the report’s row limit', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const name = body.resource ?? (body.reportType ? reportResources[body.reportType] : undefined);
      const resource = resources.find((r) => r.name === name);
      if (!resource) throw validationProblem([{ path: body.resource ? 'resource' : 'reportType', message: 'Choose a report type or list that exists' }]);
      if (body.scope !== undefined && !resource.scopes?.[body.scope]) throw validationProblem([{ path: 'scope', message: `${resource.plural} have no such view` }]);
      const permission = viewPermission(resource, body.scope);
      if (permission !== null && !hasPermission(session.permissions, permission)) throw forbiddenProblem(`You do not have the permission this list needs (${permission}).`);
      const search = new URLSearchParams(body.query.replace(/^\?/, ''));
      for (const key of ['page', 'size', 'scope']) search.delete(key);
      const parsed = listQuerySchema(resource).safeParse(Object.fromEntries(search));
      if (!parsed.success) throw validationProblem(parsed.error.issues.map((i) => ({ path: ['query', ...i.path.map(String)].join('.'), message: i.message })), 'The list’s filters are not valid.');
      const reportType = body.reportType && body.reportType !== 'LIST' && reportResources[body.reportType] === resource.name ? body.reportType : reportTypeOf(resource.name);
      const config = await downloadConfigurationOf(deps.db, reportType);
      if (body.columns) {
        const unknown = body.columns.filter((f) => !resource.allFields[f]);
        if (unknown.length > 0) throw validationProblem(unknown.map((f) => ({ path: `columns.${body.columns!.indexOf(f)}`, message: `${resource.plural} have no field ${f}` })));
      }
      const columns = exportColumns(resource, config?.columns, body.columns);
      const maxRows = config?.maxRows ?? DEFAULT_EXPORT_ROW_LIMIT;
      const now = deps.now();
      const scope = body.scope ? resource.scopes![body.scope]! : undefined;
      const extra = scope ? scopeConditions(resource, tableOf(resource), scope.where, session.userId, now) : [];
      const rows = await countExportRows(deps.db, { resource, query: parsed.data, extra }, maxRows);
      if (rows > maxRows) {
        throw new HttpProblem({
          type: rowLimitProblemType,
          status: 422,
          title: 'Too many rows',
          detail: `This download would have more than ${maxRows.toLocaleString('en-IN')} rows, the limit for ${resource.plural.toLowerCase()} downloads. Narrow the filters (a shorter date range, a status) and try again.`,
          errors: [{ path: 'query', message: `More than ${maxRows.toLocaleString('en-IN')} rows` }],
          rowLimit: maxRows,
        } as never);
      }
      const query = search.toString();
      const response = await idempotent(c, deps.db, session.userId, body, now, async (tx) => {
        const [created] = await tx
          .insert(downloadsTable)
          .values({
            reportType,
            filtersSummary: describeQuery(resource, search, scope?.title),
            status: 'QUEUED',
            format: body.format,
            rowCount: rows,
            rowsWritten: 0,
            source: resource.name,
            scope: body.scope ?? null,
            query,
            columnFields: columns.map((col) => col.field).join(','),
            requestedBy: session.userId,
            requestedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: downloadsTable.id });
        const id = Number(created!.id);
        await enqueueJob(tx, { kind: EXPORT_JOB, subject: String(id), ownerId: session.userId, dedupeKey: `${EXPORT_JOB}:${id}` }, now);
        await writeAudit(tx, { entityType: downloadResource.name, entityId: String(id), actorUserId: session.userId, action: 'create', changes: { reportType, source: resource.name, query, format: body.format, rows } }, now);
        return { status: 201, body: await findRecord(tx, downloadResource, id) };
      });
      // The job is visible now that the transaction committed: wake the idle workers of every process.
      announceJob(deps.bus);
      return response;
    },
  });

  registry.route({
    method: 'POST',
    path: `${downloadResource.apiPath}/:id/link`,
    access: { kind: 'signed-in' },
    summary: `A short-lived signed link (UPLOAD_LINK_TTL_SECONDS) to a ready download's file: for whoever requested it, or ${MANAGE_DOWNLOADS}. 409 when it is not ready, 410 when the file is no longer kept.`,
    responses: {
      200: { description: 'The link', schema: downloadLinkSchema },
      403: { description: 'Not the requester, without the permission', schema: problemSchema },
      404: { description: 'No such download', schema: problemSchema },
      409: { description: 'Not ready', schema: problemSchema },
      410: { description: 'The file is no longer kept', schema: problemSchema },
    },
    handler: async ({ c, session, deps }) => {
      const raw = c.req.param('id')!;
      const download = /^\d{1,15}$/.test(raw) ? await loadDownload(deps.db, Number(raw)) : undefined;
      if (!download) throw notFoundProblem(`No download has the id ${raw}.`);
      if (!mayHandleDownload(session, download)) throw forbiddenProblem(`Only whoever requested this download, or someone with ${MANAGE_DOWNLOADS}, may fetch its file.`);
      if (download.status !== 'READY' || !download.filePath) {
        throw new HttpProblem({ type: problemTypes.conflict, status: 409, title: 'Conflict', detail: `This download is ${String(download.status).toLowerCase()}, not ready.`, currentState: download.status } as never);
      }
      const stored = await downloadStoreOf(deps).open?.(String(download.filePath));
      if (!stored) {
        throw goneProblem('The file is no longer kept. Retry the download to make it again.');
      }
      stored.stream.destroy();
      const link = signUploadLink(deps.config.uploadLinks.secret, filePathOf(download.id as number), deps.now(), deps.config.uploadLinks.ttlSeconds);
      return c.json({ url: link.url, expiresAt: link.expiresAt.toISOString(), fileName: fileNameOf(download) }, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: `${downloadResource.apiPath}/:id/file`,
    // A signed link carries no session (a browser download cannot send a bearer header); the handler checks it.
    access: { kind: 'public' },
    summary: 'A ready download’s file through its signed link (`expires`, `signature` from the link route), streamed as an attachment. 403 for a link that has expired or is not ours.',
    responses: { 200: { description: 'The file' }, 403: { description: 'The link has expired or is not valid', schema: problemSchema }, 404: { description: 'No such file', schema: problemSchema } },
    handler: async ({ c, deps }) => fileAnswer(c, deps),
  });
}

async function fileAnswer(c: Context<AppEnv>, deps: ResolvedDeps): Promise<Response> {
  const raw = c.req.param('id')!;
  const link = checkUploadLink(deps.config.uploadLinks.secret, filePathOf(raw), c.req.query('expires'), c.req.query('signature'), deps.now());
  if (!link.valid) throw forbiddenProblem(link.reason === 'expired' ? 'This link has expired. Ask for the file again from Downloads.' : 'This link is not valid.');
  const download = /^\d{1,15}$/.test(raw) ? await loadDownload(deps.db, Number(raw)) : undefined;
  if (!download || download.status !== 'READY' || !download.filePath) throw notFoundProblem('This download has no file.');
  const stored = await downloadStoreOf(deps).open?.(String(download.filePath));
  if (!stored) throw notFoundProblem('The file is no longer kept.');
  const body = Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': stored.contentType === 'text/csv' ? 'text/csv; charset=utf-8' : stored.contentType,
      'Content-Length': String(stored.size),
      'Content-Disposition': `attachment; filename="${fileNameOf(download)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
