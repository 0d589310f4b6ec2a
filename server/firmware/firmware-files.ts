// Firmware images: staff upload one (its SHA-256 computed here, its bytes kept in the app file store under
// private/firmware/…), list them with how many chargers run each version, and chargers download one through a signed
// link (server/uploads/signed-links.ts) that carries no staff session: the link names the file, expires after
// FIRMWARE_LINK_HOURS and starts with CHARGER_FILES_URL, the address chargers reach the server's files at.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FirmwareFileView } from '@domain/firmware';
import { firmwarePaths } from '@domain/firmware';
import { chargerFileUrl, type AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { firmwareFiles } from '@server/db/tables/firmware';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { checkUploadLink, signUploadLink, type LinkCheck, type SignedLink } from '@server/uploads/signed-links';

/** The folder of the images in the app file store. */
const FIRMWARE_FOLDER = 'private/firmware';

/** The relative path a file's link signs (no leading slash, like the uploads' signed links). */
const linkPathOf = (fileId: string) => `${firmwarePaths.download.slice(1)}/${fileId}`;

/** The absolute link a charger downloads an image from, valid FIRMWARE_LINK_HOURS from `now`. */
export function firmwareLink(config: Pick<AppConfig, 'firmware' | 'uploadLinks' | 'chargerFilesUrl'>, fileId: string, now: Date): SignedLink {
  const signed = signUploadLink(config.uploadLinks.secret, linkPathOf(fileId), now, config.firmware.linkHours * 3600);
  return { url: chargerFileUrl(config, signed.url), expiresAt: signed.expiresAt };
}

/** Checks a download link's expiry and signature for a file. */
export function checkFirmwareLink(config: Pick<AppConfig, 'uploadLinks'>, fileId: string, expires: string | undefined, signature: string | undefined, now: Date): LinkCheck {
  return checkUploadLink(config.uploadLinks.secret, linkPathOf(fileId), expires, signature, now);
}

/** A new image's key in the file store. */
export function firmwareStoreKey(now: Date): string {
  return `${FIRMWARE_FOLDER}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.bin`;
}

/** SHA-256 of the bytes, hex. */
export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const fileSelect = sql`
  select f.id, f.name, f.version, f.vendor, f.model, f.size_bytes, f.sha256, f.store_key, u.name as uploaded_by_name, f.created_at,
    (select count(*) from ${ocppChargePoints} p where p.firmware_version = f.version) as chargers_running
  from ${firmwareFiles} f left join ${users} u on u.id = f.uploaded_by`;

function fileView(row: Record<string, unknown>): FirmwareFileView {
  return {
    id: String(row.id),
    name: String(row.name),
    version: String(row.version),
    vendor: (row.vendor as string | null) ?? null,
    model: (row.model as string | null) ?? null,
    sizeBytes: Number(row.size_bytes),
    sha256: String(row.sha256),
    uploadedByName: (row.uploaded_by_name as string | null) ?? null,
    createdAt: new Date(row.created_at as string).toISOString(),
    chargersRunning: Number(row.chargers_running),
  };
}

/** The images, newest first. */
export async function listFirmwareFiles(db: Database, limit = 200): Promise<FirmwareFileView[]> {
  return rowsOf<Record<string, unknown>>(await db.execute(sql`${fileSelect} order by f.created_at desc, f.id desc limit ${limit}`)).map(fileView);
}

/** One image with where its bytes are, or undefined. */
export async function firmwareFileById(db: Database, id: string): Promise<(FirmwareFileView & { storeKey: string }) | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`${fileSelect} where f.id = ${id}::uuid`));
  return row ? { ...fileView(row), storeKey: String(row.store_key) } : undefined;
}
