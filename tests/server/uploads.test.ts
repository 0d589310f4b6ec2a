import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '@domain/image-url';
import { relativePathSchema } from '@domain/resource/field';
import type { OpenDatabase } from '@server/db/open-database';
import { users } from '@server/db/schema';
import { defaultCdnDir } from '@server/http/static-files';
import { MAX_UPLOAD_BYTES, SIGNED_URLS_PATH, UPLOAD_PATH } from '@server/routes/upload-routes';
import { createDiskFileStore } from '@server/uploads/file-store';
import { detectFileType } from '@server/uploads/file-types';
import { call, createTestApp, signIn, type TestApp } from './support/test-app';
import { createTestDatabase, ruleDrivers } from './support/test-database';

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

describe.each(ruleDrivers)('file uploads and the /cdn/uploads files on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let readOnly: string;
  let noRole: string;
  let noRoleUserId: string;
  let field: string;
  let finance: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-uploads-'));
    database = await createTestDatabase(driver);
    t = createTestApp(database, { DATA_DIR: dataDir }, { staticFiles: { staticDir: undefined, cdnDir: defaultCdnDir } });
    admin = (await signIn(t, '9000000001')).authKey;
    field = (await signIn(t, '9000000003')).authKey; // Field Technician: site inspections only
    finance = (await signIn(t, '9000000004')).authKey; // Finance: no site inspections
    readOnly = (await signIn(t, '9000000006')).authKey;
    ({ authKey: noRole, userId: noRoleUserId } = await signIn(t, '9000000007'));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(
    content: Uint8Array | undefined,
    name: string,
    options: { field?: string; type?: string; authKey?: string | null; kind?: string | null } = {},
  ) {
    const form = new FormData();
    if (content) form.append(options.field ?? 'file', new File([content as Uint8Array<ArrayBuffer>], name, { type: options.type ?? 'application/octet-stream' }));
    else form.append('note', 'no file here');
    const authKey = options.authKey === undefined ? admin : options.authKey;
    const kind = options.kind === undefined ? 'news-images' : options.kind;
    const url = kind === null ? UPLOAD_PATH : `${UPLOAD_PATH}?kind=${encodeURIComponent(kind)}`;
    const response = await t.app.request(url, { method: 'POST', body: form, headers: authKey ? { authorization: `Bearer ${authKey}` } : {} });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
  }
  const get = (url: string, authKey?: string) => t.app.request(url, { headers: authKey ? { authorization: `Bearer ${authKey}` } : {} });
  const signedUrls = (authKey: string, paths: string[]) => call(t, 'POST', SIGNED_URLS_PATH, { authKey, body: { paths } });

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
    const json = await call(t, 'POST', `${UPLOAD_PATH}?kind=news-images`, { authKey: admin, body: { file: 'x' } });
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

  it('needs a write permission of the kind of record the file is for: Read Only and no-role staff get 403', async () => {
    for (const [who, authKey] of [['Read Only', readOnly], ['no role', noRole]] as const) {
      for (const kind of ['news-images', 'site-inspection-images', 'user-photos']) {
        const res = await upload(samples.png, 'photo.png', { authKey, kind });
        expect(res.status, `${who} uploading ${kind}`).toBe(403);
        expect(res.contentType).toBe('application/problem+json');
      }
    }
    // A Field Technician may add site photos, not news images; Super Admin may do both.
    expect((await upload(samples.png, 'meter.png', { authKey: field, kind: 'news-images' })).status).toBe(403);
    expect((await upload(samples.png, 'meter.png', { authKey: field, kind: 'site-inspection-images' })).status).toBe(201);
    expect((await upload(samples.png, 'cover.png', { authKey: admin, kind: 'news-images' })).status).toBe(201);
  });

  it('answers 400 for an upload that does not say its kind, or names an unknown one', async () => {
    for (const kind of [null, '', 'everything', 'uploads/private']) {
      const res = await upload(samples.png, 'photo.png', { kind });
      expect(res.status, String(kind)).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'kind', message: expect.stringContaining('Say what the file is for') }]);
    }
  });

  it('keeps a public kind public: anyone loads news images, cached as immutable', async () => {
    const res = await upload(samples.jpg, 'launch.jpg', { kind: 'news-images' });
    expect(res.body.relativePath).toMatch(/^uploads\/2026\/03\/[A-Za-z0-9_-]+\.jpg$/);
    const served = await get(imageUrl(t.config.imageCdnUrl, res.body.relativePath, { width: 320 })!);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(samples.jpg);
  });

  it('serves a private file only with a valid unexpired signed link or the session of someone who may view it', async () => {
    const res = await upload(samples.png, 'meter-board.png', { authKey: field, kind: 'site-inspection-images' });
    expect(res.status).toBe(201);
    const relativePath = res.body.relativePath as string;
    expect(relativePath).toMatch(/^uploads\/private\/site-inspection-images\/2026\/03\/[A-Za-z0-9_-]+\.png$/);
    expect(relativePathSchema.safeParse(relativePath).success).toBe(true);
    const plain = `/cdn/${relativePath}`;

    // Neither a session nor a link: 401. Not under the public path either.
    const anonymous = await get(plain);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toBe('application/problem+json');
    expect((await get(plain.replace('/private/site-inspection-images/', '/'))).status).toBe(404);
    // A session that may view site inspections (all, or the open ones), or not.
    for (const authKey of [field, readOnly, admin]) expect((await get(plain, authKey)).status).toBe(200);
    for (const authKey of [finance, noRole]) expect((await get(plain, authKey)).status).toBe(403);
    expect((await get(plain, 'A'.repeat(43))).status).toBe(401);

    // Signed links: answered to viewers only, valid for UPLOAD_LINK_TTL_SECONDS (10 minutes by default).
    expect((await signedUrls(finance, [relativePath])).body).toEqual({ urls: {} });
    const signed = await signedUrls(field, [relativePath, 'news/launch.jpg', 'uploads/private/site-inspection-images/2026/03/nosuchfile0001.png']);
    expect(signed.status).toBe(200);
    const link = signed.body.urls[relativePath] as string;
    expect(link).toMatch(new RegExp(`^${relativePath}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    expect(signed.body.urls['news/launch.jpg']).toBe('news/launch.jpg');
    const url = imageUrl(t.config.imageCdnUrl, link, { width: 200 })!;
    const served = await get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(samples.png);
    // Tampered: another expiry, another signature, or the signature of another file.
    const [, expires, signature] = /expires=(\d+)&signature=([A-Za-z0-9_-]+)/.exec(link)!;
    const other = (await upload(samples.png, 'entrance.png', { authKey: field, kind: 'site-inspection-images' })).body.relativePath as string;
    for (const bad of [
      plain.replace(/$/, `?expires=${Number(expires) + 60}&signature=${signature}`),
      plain.replace(/$/, `?expires=${expires}&signature=${'A'.repeat(43)}`),
      plain.replace(/$/, `?expires=${expires}`),
      imageUrl(t.config.imageCdnUrl, `${other}?expires=${expires}&signature=${signature}`)!,
    ]) {
      const refused = await get(bad);
      expect(refused.status, bad).toBe(403);
    }
    // Refused once expired (the link lives at least the TTL, rounded up to the minute).
    t.clock.advance(t.config.uploadLinks.ttlSeconds * 1000 - 1000);
    expect((await get(url)).status).toBe(200);
    t.clock.advance(61_000);
    const expired = await get(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).detail).toBe('This link has expired. Open the page again for a new one.');
  });

  it("answers a signed link for one's own picture, whatever the role, and not for someone else's", async () => {
    const mine = (await upload(samples.png, 'me.png', { authKey: admin, kind: 'user-photos' })).body.relativePath as string;
    const theirs = (await upload(samples.png, 'them.png', { authKey: admin, kind: 'user-photos' })).body.relativePath as string;
    expect(mine).toMatch(/^uploads\/private\/user-photos\//);
    await database.db.update(users).set({ image: mine }).where(eq(users.id, noRoleUserId));
    const signed = await signedUrls(noRole, [mine, theirs]);
    expect(Object.keys(signed.body.urls)).toEqual([mine]);
    expect((await get(imageUrl(t.config.imageCdnUrl, signed.body.urls[mine])!)).status).toBe(200);
    expect((await get(`/cdn/${mine}`, noRole)).status).toBe(200);
    expect((await get(`/cdn/${theirs}`, noRole)).status).toBe(403);
  });

  it('checks the signed-links request: signed in, 1 to 100 paths', async () => {
    expect((await call(t, 'POST', SIGNED_URLS_PATH, { body: { paths: ['uploads/x.png'] } })).status).toBe(401);
    expect((await signedUrls(admin, [])).status).toBe(400);
    expect((await signedUrls(admin, Array.from({ length: 101 }, (_, i) => `a/${i}.png`))).status).toBe(400);
    expect((await call(t, 'POST', SIGNED_URLS_PATH, { authKey: admin, body: { paths: ['a.png'], extra: true } })).status).toBe(400);
  });

  it('the disk store keeps files by key, refuses keys that leave its folder, and deletes', async () => {
    const root = path.join(dataDir, 'store-test');
    const store = createDiskFileStore(root);
    await store.put('2026/11/abcdefgh12345678.png', samples.png, 'image/png');
    expect(readFileSync(path.join(root, '2026/11/abcdefgh12345678.png'))).toEqual(Buffer.from(samples.png));
    expect(await store.get('2026/11/abcdefgh12345678.png')).toEqual({ body: samples.png, contentType: 'image/png', size: samples.png.byteLength });
    await store.put('private/site-inspection-images/2026/11/abcdefgh12345678.png', samples.png, 'image/png');
    expect(existsSync(path.join(root, 'private/site-inspection-images/2026/11/abcdefgh12345678.png'))).toBe(true);
    await expect(store.put('../escape/abcdefgh12345678.png', samples.png, 'image/png')).rejects.toThrow();
    await expect(store.put('private/../../2026/11/abcdefgh12345678.png', samples.png, 'image/png')).rejects.toThrow();
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
