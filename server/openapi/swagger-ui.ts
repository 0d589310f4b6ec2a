// The API reference page: swagger-ui-dist's files served from node_modules (no CDN), pointed at /openapi.json.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';

/** Where the reference page and its assets are served. */
export const apiDocsPaths = { page: '/api-docs', assets: '/api-docs/assets', document: '/openapi.json' } as const;

/** The swagger-ui-dist files the page uses (nothing else of the package is served), with their content types. */
const distFiles: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

// Our own start script instead of the package's swagger-initializer.js (which loads the petstore example).
// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(apiDocsPaths.document)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** The HTML of the reference page: only local assets. */
export function apiDocsHtml(): string {
  const a = apiDocsPaths.assets;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>CZO operations console API reference</title>
    <link rel="stylesheet" href="${a}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${a}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${a}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${a}/swagger-ui-bundle.js"></script>
    <script src="${a}/init.js"></script>
  </body>
</html>
`;
}

const cache = new Map<string, Promise<Uint8Array>>();

/** An asset of the page by file name, or undefined for any name not on the list (no path is ever joined from input). */
export async function apiDocsAsset(name: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  if (name === 'init.js') return { body: new TextEncoder().encode(initScript), contentType: 'text/javascript; charset=utf-8' };
  const contentType = distFiles[name];
  if (!contentType) return undefined;
  let body = cache.get(name);
  if (!body) {
    body = readFile(path.join(getAbsoluteFSPath(), name)).then((b) => new Uint8Array(b));
    cache.set(name, body);
    body.catch(() => cache.delete(name));
  }
  return { body: await body, contentType };
}
