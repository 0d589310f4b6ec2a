// Reading a request body with a limit of its own (uploads larger than the app's 1 MiB): refused as soon as it passes
// the limit, whatever Content-Length claims.
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/** Room for a multipart body's boundaries and headers around its file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Reads the request body, throwing `tooLarge()` as soon as it passes `limit` bytes. */
export async function readLimited(c: Context<AppEnv>, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
