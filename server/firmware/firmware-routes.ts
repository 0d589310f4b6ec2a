// The firmware API: images (upload, list), updates of one charger or many and their cancelling, all
// ROLE_UPDATE_FIRMWARE; a charger's firmware (version, update in progress, history) for whoever may see the charger;
// and the image download chargers use through their signed link, with no staff session.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  chargerFirmwareSchema,
  FIRMWARE_PERMISSION,
  firmwareFileFieldsSchema,
  firmwareFileViewSchema,
  firmwarePaths,
  firmwareUpdateBodySchema,
  firmwareUpdateViewSchema,
  type ChargerFirmware,
} from '@domain/firmware';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { firmwareFiles } from '@server/db/tables/firmware';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { forbiddenProblem, HttpProblem, notFoundProblem, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { MULTIPART_OVERHEAD_BYTES, readLimited } from '@server/http/read-limited';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import { checkFirmwareLink, firmwareFileById, firmwareStoreKey, listFirmwareFiles, sha256Of } from './firmware-files';
import { readUpdates } from './firmware-store';
import { cancelFirmwareUpdate, requestFirmwareUpdates } from './firmware-update-service';

/** The image's name as uploaded: no folders, no control characters, at most 200 characters. */
function fileNameOf(raw: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return (cleaned || 'firmware.bin').slice(0, 200);
}

const chargerIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const uuidParam = z.uuid();

/** The header a download carries with the image's version (a charger or the simulator may read it). */
export const FIRMWARE_VERSION_HEADER = 'X-Firmware-Version';

/** True for the upload path, whose body limit is FIRMWARE_MAX_BYTES (checked by its handler), not the app's 1 MiB. */
export function ownsFirmwareBodyLimit(requestPath: string): boolean {
  return requestPath === firmwarePaths.files;
}

/** The upload's multipart body, for the API document. */
export const firmwareRequestBodies = {
  [`POST ${firmwarePaths.files}`]: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file', 'version'],
          properties: {
            file: { type: 'string', format: 'binary', description: 'The firmware image' },
            version: { type: 'string', description: 'The version the charger reports once it runs this image' },
            vendor: { type: 'string', description: 'The chargers it is meant for (chargePointVendor), optional' },
            model: { type: 'string', description: 'The chargers it is meant for (chargePointModel), optional' },
          },
        },
      },
    },
  },
} as const;

const tooLarge = (maxBytes: number) =>
  new HttpProblem({ type: problemTypes.payloadTooLarge, status: 413, title: 'Payload Too Large', detail: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB (FIRMWARE_MAX_BYTES).` });
const missingFile = (message = 'Choose a firmware image') => validationProblem([{ path: 'file', message }], 'Send the image as multipart/form-data in the field "file", with its version.');

async function chargerFirmware(deps: ResolvedDeps, chargerId: number): Promise<ChargerFirmware> {
  const [charger] = rowsOf<{ firmware_version: string | null; firmware_status: string | null }>(
    await deps.db.execute(sql`select p.firmware_version, p.firmware_status from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id where c.id = ${chargerId}`),
  );
  if (!charger) throw notFoundProblem('No charger has this id.');
  const updates = await readUpdates(deps.db, sql`f.charger_id = ${chargerId}`, 20);
  const current = updates.find((u) => u.finishedAt === null) ?? null;
  return { currentVersion: charger.firmware_version, chargerStatus: charger.firmware_status, current, history: updates.filter((u) => u !== current) };
}

/** Registers the firmware routes. */
export function registerFirmwareRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: firmwarePaths.files,
    access: { kind: 'permission', permission: FIRMWARE_PERMISSION },
    summary: 'The firmware images, newest first: version, vendor and model they are meant for, size, SHA-256, who uploaded them and how many chargers run that version now.',
    responses: { 200: { description: 'The images', schema: z.object({ items: z.array(firmwareFileViewSchema) }) } },
    handler: async ({ c, deps }) => c.json({ items: await listFirmwareFiles(deps.db) }),
  });

  registry.route({
    method: 'POST',
    path: firmwarePaths.files,
    access: { kind: 'permission', permission: FIRMWARE_PERMISSION },
    summary: 'Upload a firmware image (multipart: `file`, `version`, optional `vendor` and `model`), at most FIRMWARE_MAX_BYTES; its SHA-256 is computed here. Answers the image.',
    responses: {
      201: { description: 'The stored image', schema: firmwareFileViewSchema },
      400: { description: 'No file, an empty one, or bad fields', schema: problemSchema },
      413: { description: 'Larger than FIRMWARE_MAX_BYTES', schema: problemSchema },
    },
    handler: async ({ c, deps, session }) => {
      const maxBytes = deps.config.firmware.maxBytes;
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data\s*;/i.test(type)) throw missingFile();
      const raw = await readLimited(c, maxBytes + MULTIPART_OVERHEAD_BYTES, () => tooLarge(maxBytes));
      let form: FormData;
      try {
        form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
      } catch {
        throw missingFile('The multipart body could not be read');
      }
      const fields: Record<string, unknown> = {};
      for (const [name, value] of form.entries()) {
        if (name === 'file') continue;
        if (typeof value !== 'string') throw validationProblem([{ path: name, message: 'Only the field "file" may hold a file' }]);
        fields[name] = value;
      }
      const parsed = firmwareFileFieldsSchema.safeParse(fields);
      if (!parsed.success) throw validationProblem(parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })));
      const file = form.get('file');
      if (!(file instanceof File)) throw missingFile();
      if (file.size === 0) throw missingFile('The file is empty');
      if (file.size > maxBytes) throw tooLarge(maxBytes);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const now = deps.now();
      const key = firmwareStoreKey(now);
      await appFileStoreOf(deps).put(key, bytes, 'application/octet-stream');
      const [made] = rowsOf<{ id: string }>(
        await deps.db.execute(sql`insert into ${firmwareFiles} (name, version, vendor, model, size_bytes, sha256, store_key, uploaded_by, created_at)
          values (${fileNameOf(file.name)}, ${parsed.data.version}, ${parsed.data.vendor ?? null}, ${parsed.data.model ?? null}, ${bytes.byteLength},
            ${sha256Of(bytes)}, ${key}, ${session.userId}::uuid, ${now.toISOString()}) returning id`),
      );
      const id = String(made!.id);
      await writeAudit(deps.db, { entityType: 'firmware-file', entityId: id, actorUserId: session.userId, action: 'upload', changes: { version: parsed.data.version, sizeBytes: bytes.byteLength } }, now);
      return c.json((await firmwareFileById(deps.db, id))!, 201);
    },
  });

  registry.route({
    method: 'POST',
    path: firmwarePaths.updates,
    access: { kind: 'permission', permission: FIRMWARE_PERMISSION },
    body: firmwareUpdateBodySchema,
    summary:
      'Update the firmware of one charger or many (UpdateFirmware with a signed link to the image, at retrieveDate, default now): one update per charger, answered with each one\u2019s state. A charging charger waits for its session to end; one with an update in progress gets a failed update saying so; an offline one fails at once.',
    responses: {
      201: { description: 'The updates, one per charger', schema: z.object({ items: z.array(firmwareUpdateViewSchema) }) },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger or firmware file', schema: problemSchema },
      409: { description: 'None of the chargers speaks OCPP', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const items = await requestFirmwareUpdates(deps, {
        chargerIds: body.chargerIds,
        firmwareFileId: body.firmwareFileId,
        ...(body.retrieveDate ? { retrieveDate: new Date(body.retrieveDate) } : {}),
        ...(body.retries === undefined ? {} : { retries: body.retries }),
        ...(body.retryInterval === undefined ? {} : { retryInterval: body.retryInterval }),
        requestedBy: session.userId,
      });
      return c.json({ items }, 201);
    },
  });

  registry.route({
    method: 'POST',
    path: `${firmwarePaths.updates}/:updateId/cancel`,
    access: { kind: 'permission', permission: FIRMWARE_PERMISSION },
    summary: 'Cancel a firmware update not yet sent to its charger (requested, or waiting for a session to end); one sent already is a 409.',
    responses: {
      200: { description: 'The update', schema: firmwareUpdateViewSchema },
      404: { description: 'No such update', schema: problemSchema },
      409: { description: 'Sent already or ended', schema: problemSchema },
    },
    handler: async ({ c, deps, session }) => {
      const id = uuidParam.safeParse(c.req.param('updateId'));
      if (!id.success) throw notFoundProblem('No firmware update has this id.');
      return c.json(await cancelFirmwareUpdate(deps, id.data, session.userId), 200);
    },
  });

  registry.route({
    method: 'GET',
    path: firmwarePaths.ofCharger(':chargerId'),
    access: { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
    summary: "A charger's firmware: the version it reports, its last firmware status, the update in progress and the last updates.",
    responses: { 200: { description: 'The firmware', schema: chargerFirmwareSchema }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const id = chargerIdParam.safeParse(c.req.param('chargerId'));
      if (!id.success) throw notFoundProblem('No charger has this id.');
      return c.json(await chargerFirmware(deps, id.data), 200);
    },
  });

  registry.route({
    method: 'GET',
    path: `${firmwarePaths.download}/:fileId`,
    // A charger has no staff session: the signed link (expires, signature) is the access, checked by the handler.
    access: { kind: 'public' },
    summary: 'A firmware image for a charger, through the signed link its UpdateFirmware carries (`expires`, `signature`), streamed. 403 for a link that has expired or is not ours, 404 for no such image.',
    responses: {
      200: { description: 'The image' },
      403: { description: 'The link has expired or is not valid', schema: problemSchema },
      404: { description: 'No such image', schema: problemSchema },
    },
    handler: async ({ c, deps }) => {
      const fileId = c.req.param('fileId')!;
      const link = checkFirmwareLink(deps.config, fileId, c.req.query('expires'), c.req.query('signature'), deps.now());
      if (!link.valid) throw forbiddenProblem(link.reason === 'expired' ? 'This firmware link has expired.' : 'This firmware link is not valid.');
      const file = await firmwareFileById(deps.db, fileId);
      const stored = file ? await appFileStoreOf(deps).open?.(file.storeKey) : undefined;
      if (!file || !stored) throw notFoundProblem('No firmware image at this link.');
      return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(stored.size),
          'Content-Disposition': `attachment; filename="${file.name.replace(/["\\]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          [FIRMWARE_VERSION_HEADER]: encodeURIComponent(file.version),
        },
      });
    },
  });
}
