// Where uploaded files live. The routes only know this interface: the disk store below keeps files under
// <DATA_DIR>/uploads (one process, the embedded database); on PostgreSQL the database store (database-file-store.ts)
// keeps them for every process (app-file-store.ts chooses); an object store (S3, GCS) could implement the same calls.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { contentTypeOfKey } from './file-types';

/** A stored file as read back. */
export interface StoredFile {
  body: Uint8Array;
  contentType: string;
  size: number;
}

/** Storage of uploaded files by key (`2026/11/<random>.png`, `private/<kind>/2026/11/<random>.png`: no leading slash, no `..`). */
export interface FileStore {
  /** Stores (or replaces) the file under the key. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file under the key, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deletes the file; true when one was there. */
  delete(key: string): Promise<boolean>;
  /** Moves a finished local file in under the key (large files: exports), without reading it into memory. */
  putFile?(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The file under the key as a stream, or undefined when there is none (large files are never read whole). */
  open?(key: string): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
  /** Deletes what half-written files left before `before` (a store that can have any); answers how much it deleted. */
  sweep?(before: Date): Promise<number>;
}

/**
 * Keys the stores accept: year/month/random.ext for public kinds, private/<kind>/year/month/random.ext for private
 * ones (firmware images are .bin); nothing that could climb out of the store's folder.
 */
export const storeKeyPattern = /^(private\/[a-z0-9-]{1,60}\/)?\d{4}\/\d{2}\/[A-Za-z0-9_-]{8,64}\.(png|jpg|webp|gif|pdf|csv|xlsx|bin)$/;

/** True when the key is one the upload service could have written. */
export function isStoreKey(key: string): boolean {
  return storeKeyPattern.test(key);
}

/** A FileStore on the local disk under `root` (default `<DATA_DIR>/uploads`). */
export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    if (!isStoreKey(key)) throw new Error(`Not a file store key: ${key}`);
    const full = path.resolve(base, key);
    // The key pattern already rules out "..": this is the second lock on the same door.
    if (!full.startsWith(base + path.sep)) throw new Error(`Key leaves the store: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temp, body);
      await rename(temp, file);
    },
    async putFile(key, sourcePath) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(sourcePath, file);
      } catch (error) {
        // Another file system (the temp folder elsewhere): copy beside the target, then rename (never half a file).
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
        await copyFile(sourcePath, temp);
        await rename(temp, file);
        await rm(sourcePath, { force: true });
      }
    },
    async open(key) {
      if (!isStoreKey(key)) return undefined;
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async get(key) {
      if (!isStoreKey(key)) return undefined;
      try {
        const body = new Uint8Array(await readFile(fileOf(key)));
        return { body, contentType: contentTypeOfKey(key), size: body.byteLength };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isStoreKey(key)) return false;
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        return false;
      }
      await rm(file, { force: true });
      return true;
    },
  };
}
