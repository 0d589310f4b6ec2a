// Files the server reads from disk while it runs, found from where its code runs: beside the TypeScript sources
// (`npm start`, `npm run dev`, the tests: tsx or vitest) or in the compiled server's folder (`npm run build` writes
// dist-server/, where scripts/build-server.ts bundles the code into one file per entry and copies these files).
import { fileURLToPath } from 'node:url';

/** Whether this code runs compiled (dist-server/*.js under plain node) rather than from its TypeScript sources. */
export const runsCompiled = !import.meta.url.endsWith('.ts');

/** Where each run-time file lies in the compiled server's folder (the build script copies or writes it there). */
export const compiledFiles = {
  /** The central system's own process (server/ocpp/ocpp-process-main.ts), one entry of the bundle. */
  ocppProcess: 'ocpp-process-main.js',
  /** The SQL migrations (server/db/migrations), applied at start. */
  migrations: 'migrations',
  /** The bundled image CDN (server/assets/cdn). */
  cdn: 'assets/cdn',
} as const;

/**
 * A run-time file's absolute path: `source` relative to the calling module (`moduleUrl`, its `import.meta.url`) when
 * the server runs from its sources, `compiled` (one of compiledFiles) relative to the compiled server's folder.
 */
export function runtimePath(moduleUrl: string, source: string, compiled: (typeof compiledFiles)[keyof typeof compiledFiles]): string {
  return fileURLToPath(new URL(runsCompiled ? `./${compiled}` : source, moduleUrl));
}
