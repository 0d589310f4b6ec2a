// `npm run dev`: the API on PORT+1 and Vite's dev server (hot reload) on PORT, proxying the API paths to it,
// so the console and the API share one address as in production.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { ConfigError, loadConfig } from './config';
import { otherApiPaths, servicePrefixes } from './http/service-prefixes';
import { startServer } from './start-server';

try {
  const config = loadConfig();
  const apiPort = config.port + 1;
  const api = await startServer(config, { port: apiPort, serveConsole: false });
  const proxy = Object.fromEntries(
    // Anchored patterns, so /config proxies /config/… but not a console route such as /configuration.
    [...servicePrefixes, ...otherApiPaths].map((prefix) => [`^${prefix}(/|$)`, { target: api.url, changeOrigin: false }]),
  );
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { port: config.port, host: config.host, strictPort: true, proxy },
  });
  await vite.listen();
  vite.printUrls();
  console.log(`API on ${api.url} (proxied through the address above)`);
  const stop = async () => {
    await vite.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
