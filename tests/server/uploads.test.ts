import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '@domain/image-url';
import { relativePathSchema } from '@domain/resource/field';
import type { OpenDatabase } from '@server/db/open-database';
import { defaultCdnDir } from '@server/http/static-files';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH } from '@server/routes/upload-routes';
import { createDiskFileStore } from '@server/uploads/file-store';
import { detectFileType } from '@server/uploads/file-types';
import { call, createTestApp, signIn, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const padded = (head: Uint8Array, size: number) => {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
};

/** Small files of each accepted type, recognised by their first bytes. */
const samples = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0]),
  webp: bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 '),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]),
  pdf: bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
  csv: bytes('mobileNumber,name\n9845012345,Aarav Sharma\n'),
};

describe('file uploads and the /cdn/uploads files', () => {
  let database: OpenDatabase;
  let t: TestApp;
  let dataDir: string;
  let admin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-uploads-'));
    database = await createTestDatabase('pglite');
    t = createTestApp(database, { DATA_DIR: dataDir }, { staticFiles: { staticDir: undefined, cdnDir: defaultCdnDir } });
    admin = (await signIn(t, '9000000006')).authKey; // Read Only staff: uploading needs only a session
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(content: Uint8Array | undefined, name: string, options: { field?: string; type?: string; authKey?: string | null } = {}) {
    const form = new FormData();
    if (content) form.append(options.field ?? 'file', new File([content as Uint8Array<ArrayBuffer>], name, { type: options.type ?? 'application/octet-stream' }));
    else form.append('note', 'no file here');
    const authKey = options.authKey === undefined ? admin : options.authKey;
    const response = await t.app.request(UPLOAD_PATH, { method: 'POST', body: form, headers: authKey ? { authorization: `Bearer ${authKey}` } : {} });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
  }

  it('stores each accepted type and answers where it lives; the CDN URL serves the same bytes', async () => {
    const expected = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf', csv: 'text/csv' };
    for (const [ext, content] of Object.entries(samples) as [keyof typeof samples, Uint8Array][]) {
      const name = `Site photo ${ext}.${ext}`;
      const res = await upload(content, name);
      expect(res.status, ext).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), relativePath: expect.any(String), name, size: content.byteLength, contentType: expected[ext] });
      expect(res.body.relativePath).toMatch(new RegExp(`^uploads/2026/03/[A-Za-z0-9_-]{16,}\\.${ext}$`));
      expect(relativePathSchema.safeParse(res.body.relativePath).success).toBe(true);
      expect(existsSync(path.join(dataDir, res.body.relativePath))).toBe(true);

      const url = imageUrl(t.config.imageCdnUrl, res.body.relativePath, { width: 320 })!;
      expect(url).toMatch(/^\/cdn\/uploads\//);
      const served = await t.app.request(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('content-type')).toBe(expected[ext]);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(content);
    }
  });

  it('trusts the bytes, not the name or the claimed type, and keeps only the base name', async () => {
    const res = await upload(samples.pdf, '..\\..\\reports/invoice.png', { type: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe('application/pdf');
    expect(res.body.relativePath).toMatch(/\.pdf$/);
    expect(res.body.name).toBe('invoice.png');
  });

  it('accepts files over the global 1 MiB body limit up to its own limit, and refuses larger ones with 413', async () => {
    const big = await upload(padded(samples.png, 2 * 1024 * 1024), 'big.png');
    expect(big.status).toBe(201);
    expect(big.body.size).toBe(2 * 1024 * 1024);
    const tooBig = await upload(padded(samples.png, MAX_UPLOAD_BYTES + 1), 'huge.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.contentType).toBe('application/problem+json');
    expect(tooBig.body).toMatchObject({ status: 413, title: 'Payload Too Large' });
    // The global limit still holds for every other route.
    const json = await call(t, 'PUT', '/config/secure/pinned-items', { authKey: admin, rawBody: `[${' '.repeat(1024 * 1024 + 10)}]` });
    expect(json.status).toBe(413);
  });

  it('refuses types outside the allow-list with 415', async () => {
    const refused: [Uint8Array, string][] = [
      [bytes('hello, this is not a picture'), 'photo.png'],
      [bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [bytes('MZ', [0x90, 0, 3, 0, 0, 0]), 'setup.exe'],
      [bytes('PK', [3, 4, 20, 0]), 'sheet.xlsx'],
      [bytes('id,name\n1,', [0, 0xff, 0xfe], '\n'), 'binary.csv'],
      [samples.csv, 'table.txt'],
    ];
    for (const [content, name] of refused) {
      const res = await upload(content, name, { type: 'image/png' });
      expect(res.status, name).toBe(415);
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body.errors).toEqual([{ path: 'file', message: expect.any(String) }]);
    }
  });

  it('answers 400 when the file is missing or empty, 401 without a session', async () => {
    const none = await upload(undefined, '');
    expect(none.status).toBe(400);
    expect(none.contentType).toBe('application/problem+json');
    expect(none.body.errors).toEqual([{ path: 'file', message: 'Choose a file to upload' }]);
    expect((await upload(samples.png, 'x.png', { field: 'image' })).status).toBe(400);
    const empty = await upload(new Uint8Array(), 'empty.png');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('The file is empty');
    const json = await call(t, 'POST', UPLOAD_PATH, { authKey: admin, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect((await upload(samples.png, 'x.png', { authKey: null })).status).toBe(401);
  });

  it('serves only stored files under /cdn/uploads: no traversal, 404 for anything else; bundled /cdn images still work', async () => {
    for (const bad of [
      '/cdn/uploads/2026/03/missing-file-name-0001.png',
      '/cdn/uploads/..%2F..%2Fpackage.json',
      '/cdn/uploads/2026/03/..%2F..%2F..%2Fpackage.json',
      '/cdn/uploads/2026/03/%2e%2e%2fpglite',
      '/cdn/uploads/../../package.json',
      '/cdn/uploads/2026/03/x.svg',
    ]) {
      const res = await call(t, 'GET', bad);
      expect(res.status, bad).toBe(404);
      expect(res.contentType, bad).toBe('application/problem+json');
    }
    const svg = await call(t, 'GET', '/cdn/type2.svg');
    expect(svg.status).toBe(200);
    expect(svg.contentType).toContain('image/svg+xml');
  });

  it('the disk store keeps files by key, refuses keys that leave its folder, and deletes', async () => {
    const root = path.join(dataDir, 'store-test');
    const store = createDiskFileStore(root);
    await store.put('2026/11/abcdefgh12345678.png', samples.png, 'image/png');
    expect(readFileSync(path.join(root, '2026/11/abcdefgh12345678.png'))).toEqual(Buffer.from(samples.png));
    expect(await store.get('2026/11/abcdefgh12345678.png')).toEqual({ body: samples.png, contentType: 'image/png', size: samples.png.byteLength });
    await expect(store.put('../escape/abcdefgh12345678.png', samples.png, 'image/png')).rejects.toThrow();
    expect(await store.get('2026/11/../../../etc/passwd')).toBeUndefined();
    expect(await store.delete('2026/11/abcdefgh12345678.png')).toBe(true);
    expect(await store.get('2026/11/abcdefgh12345678.png')).toBeUndefined();
    expect(await store.delete('2026/11/abcdefgh12345678.png')).toBe(false);
  });

  it('recognises types by magic bytes', () => {
    expect(detectFileType(samples.png, 'a.bin')?.ext).toBe('png');
    expect(detectFileType(samples.jpg, 'a.png')?.ext).toBe('jpg');
    expect(detectFileType(samples.webp, 'a')?.ext).toBe('webp');
    expect(detectFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.webp')).toBeUndefined();
    expect(detectFileType(samples.csv, 'A.CSV')?.ext).toBe('csv');
  });
});
