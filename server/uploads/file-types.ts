// The file types the upload service accepts, recognised by their first bytes (never by the name or the
// Content-Type the client claims), except CSV, which has no signature: it must be named .csv and be plain UTF-8 text.

/** Accepted types by stored extension. */
export const uploadTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv',
} as const;

/** An accepted extension. */
export type UploadExtension = keyof typeof uploadTypes;

/** A recognised file type. */
export interface DetectedType {
  ext: UploadExtension;
  contentType: (typeof uploadTypes)[UploadExtension];
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Tabs, line breaks and form feeds are text; other control characters (NUL above all) mean a binary file.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** The type of the file from its bytes (and, for CSV, its name); undefined when it is not an accepted type. */
export function detectFileType(bytes: Uint8Array, name: string): DetectedType | undefined {
  const found = (ext: UploadExtension): DetectedType => ({ ext, contentType: uploadTypes[ext] });
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return found('png');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return found('jpg');
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return found('gif');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return found('webp');
  if (startsWith(bytes, ascii('%PDF-'))) return found('pdf');
  if (/\.csv$/i.test(name.trim()) && isPlainText(bytes)) return found('csv');
  return undefined;
}

/** Content type of a stored key by its extension (application/octet-stream for anything else). */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z]+)$/.exec(key)?.[1] as UploadExtension | undefined;
  if ((ext as string) === 'xlsx') return XLSX_CONTENT_TYPE;
  return ext && ext in uploadTypes ? uploadTypes[ext] : 'application/octet-stream';
}

/** Excel files are stored (downloads) but never accepted as uploads. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
