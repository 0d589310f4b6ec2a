// Receiving a charger's diagnostics file at its request's location. The charger has no staff session: the location's
// token (server/uploads/charger-file-tokens.ts) is signed by us and bound to the request and its charger, expires with
// the request's link, and is used once (the request takes one file; a second upload is refused, one in progress holds
// the location). The body is counted as it streams in and refused (413) once past DIAGNOSTICS_MAX_BYTES, nothing
// stored; raw bodies and multipart forms (the first file part) are both taken, since chargers differ.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { ResolvedDeps } from '@server/app-deps';
import { rowsOf } from '@server/db/rows';
import { ocppDiagnosticsRequests } from '@server/db/tables/diagnostics';
import type { AppEnv } from '@server/http/app-env';
import { conflictProblem, forbiddenProblem, goneProblem, HttpProblem, validationProblem } from '@server/http/problem';
import { MULTIPART_OVERHEAD_BYTES, readLimited } from '@server/http/read-limited';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { checkChargerFileToken, recordOfChargerFileToken } from '@server/uploads/charger-file-tokens';
import { announceDiagnostics } from './diagnostics-service';
import { applyReportedStatus, moveRequests, openStatesSql } from './diagnostics-store';

/** The folder of the app's file store diagnostics files are kept in (private: served only through signed links). */
const STORE_FOLDER = 'private/diagnostics';

const tooLarge = (maxBytes: number) =>
  new HttpProblem({ type: '/problems/payload-too-large', status: 413, title: 'Payload Too Large', detail: `A diagnostics file may be at most ${maxBytes} bytes. Nothing was stored.` });

/** The file in the body: the raw body, or the first file part of a multipart form. */
async function fileOf(c: Context<AppEnv>, maxBytes: number): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return readLimited(c, maxBytes, () => tooLarge(maxBytes));
  const raw = await readLimited(c, maxBytes + MULTIPART_OVERHEAD_BYTES, () => tooLarge(maxBytes));
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw validationProblem([{ path: 'file', message: 'The multipart body could not be read' }], 'Send the file as the body, or as a multipart/form-data file part.');
  }
  const file = [...form.values()].find((v): v is File => v instanceof File);
  if (!file) throw validationProblem([{ path: 'file', message: 'No file part' }], 'Send the file as the body, or as a multipart/form-data file part.');
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  return new Uint8Array(await file.arrayBuffer());
}

/** A charger's upload to `token`'s location: stored, and the request moved on (uploading; uploaded once it says so). */
export async function receiveDiagnosticsUpload(c: Context<AppEnv>, deps: ResolvedDeps, token: string): Promise<Response> {
  const settings = deps.config.diagnostics;
  const parts = recordOfChargerFileToken(token);
  const refused = () => forbiddenProblem('This upload location is not valid.');
  if (!parts) throw refused();
  const [request] = rowsOf<{ charger_id: number; file_key: string | null; open: boolean }>(
    await deps.db.execute(sql`select charger_id, file_key, state in (${openStatesSql}) as open from ${ocppDiagnosticsRequests} r where id = ${parts.recordId}::uuid`),
  );
  // A request that does not exist is refused like a forged token: the location tells a stranger nothing.
  if (!request) throw refused();
  const chargerId = Number(request.charger_id);
  const check = checkChargerFileToken(deps.config.uploadLinks.secret, 'diagnostics', token, chargerId, deps.now());
  if (check === 'invalid') throw refused();
  if (check === 'expired') throw forbiddenProblem('This upload location has expired. Nothing was stored.');
  if (request.file_key !== null) throw conflictProblem('A file was already received at this location: it takes one. Nothing was stored.');
  if (!request.open) throw goneProblem('This diagnostics request has ended. Nothing was stored.');
  // One upload at a time: the location is held while this one streams in, and let go if it fails.
  const claimed = rowsOf<{ id: string }>(
    await deps.db.execute(sql`update ${ocppDiagnosticsRequests} set upload_started_at = ${deps.now().toISOString()}
      where id = ${parts.recordId}::uuid and upload_started_at is null and file_key is null and state in (${openStatesSql}) returning id`),
  );
  if (claimed.length === 0) throw conflictProblem('A file is already being received at this location. Nothing was stored.');
  let stored = false;
  try {
    const body = await fileOf(c, settings.maxBytes);
    if (body.byteLength === 0) throw validationProblem([{ path: 'file', message: 'The file is empty' }], 'The file is empty. Nothing was stored.');
    const now = deps.now();
    const key = `${STORE_FOLDER}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.bin`;
    await appFileStoreOf(deps).put(key, body, 'application/octet-stream');
    const sha256 = createHash('sha256').update(body).digest('hex');
    const at = deps.now();
    const where = sql`r.id = ${parts.recordId}::uuid`;
    const set = sql`file_key = ${key}, file_size = ${body.byteLength}, file_sha256 = ${sha256}, uploaded_at = ${at.toISOString()}, upload_started_at = null`;
    const moved = await moveRequests(deps.db, 'UPLOADING', { where, now: at, set });
    if (moved.length === 0) {
      // Already uploading (the charger said so first): the file is kept all the same.
      await deps.db.execute(sql`update ${ocppDiagnosticsRequests} r set ${set}, updated_at = ${at.toISOString()} where ${where} and r.state in (${openStatesSql})`);
    }
    stored = true;
    await applyReportedStatus(deps.db, at, where);
    announceDiagnostics(deps, [chargerId]);
    return c.json({ size: body.byteLength, sha256 }, 201);
  } finally {
    if (!stored) await deps.db.execute(sql`update ${ocppDiagnosticsRequests} set upload_started_at = null where id = ${parts.recordId}::uuid and file_key is null`);
  }
}
