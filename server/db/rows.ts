/** Rows of an execute() answer on either driver (PGlite and node-postgres answer `{ rows }`; tolerate arrays). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
