// Lint, including the import directions of docs/architecture.md: a wrong import fails `npm test`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tsImport } from 'tsx/esm/api';

const uiLayers = ['@app', '@resources', '@workflows', '@ui', '@data', '@state'];
const relativeForms = (names) => names.flatMap((n) => [`../${n}`, `../${n}/*`, `../../${n}`, `../../${n}/*`]);

/** Forbid importing the given alias roots (and their relative spellings) from a folder. */
const forbid = (message, aliasRoots, relativeNames = [], extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        // Test support is never product code's dependency.
        { group: [...aliasRoots, '@tests'].flatMap((a) => [a, `${a}/*`]), message },
        ...(relativeNames.length ? [{ group: relativeForms(relativeNames), message }] : []),
        ...extra,
      ],
    },
  ],
});

const noClimbing = {
  group: ['../../*', '../../../*'],
  message: 'Import across top-level folders through an alias (@domain/…, @machines/…), not ../../',
};

/** Every resource's name, read from the resource definitions themselves (domain/resource/registry.ts). */
const { resources } = await tsImport('./domain/resource/registry.ts', import.meta.url);
const resourceNames = resources.map((resource) => resource.name);

/** How a generic page gets what one resource needs: its feature declares it, the page never tests for the name. */
const declareInstead = 'declare it in the feature\'s extension file (src/resources/resource-extension.ts, listed in src/app/resource-extensions.ts)';

/** A string (or a template without expressions) equal to a resource's name: a generic page naming that resource. */
const resourceNameLiterals = resourceNames.flatMap((name) => [
  { selector: `Literal[value='${name}']`, message: `The generic pages name no resource ("${name}"): ${declareInstead}.` },
  { selector: `TemplateLiteral[expressions.length=0] > TemplateElement[value.cooked='${name}']`, message: `The generic pages name no resource ("${name}"): ${declareInstead}.` },
]);

/** What every server file may not import (the console's layers, palette commands, React). */
const serverBoundaries = [
  'server imports only @domain and @machines from the shared code (the development tools only from its development entry, server/dev-chargers.ts).',
  [...uiLayers, '@commands', '@tools'],
  ['src', 'commands', 'tools'],
  [noClimbing, { group: ['react', 'react-dom', 'react/*'], message: 'No React on the server.' }],
];

/** The feature folders of the server (each with its module: docs/architecture.md, "Server modules"). */
const serverFeatures = readdirSync(fileURLToPath(new URL('./server', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature's routes file is its module's to register: other features import the service files beside it. */
const otherFeaturesRoutes = (feature) => ({
  group: ['@server/*/*-routes', '@server/*/*-route', '../*/*-routes', '../*/*-route', `!@server/${feature}/*`],
  message: `Import another feature's service file, not its routes file: move what you need out of the routes file into a file of its own (server/${feature}/ may import only its own routes files).`,
});

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.tmp/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [noClimbing] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Pure shared code: no UI layers, no server, no React, no Node built-ins.
  {
    files: ['domain/**/*.ts'],
    rules: forbid(
      'domain is pure TypeScript shared with the server: no UI, server, React or Node imports.',
      [...uiLayers, '@server', '@commands'],
      ['app', 'resources', 'workflows', 'ui', 'data', 'state', 'server'],
      [noClimbing, { group: ['react', 'react-dom', 'react/*', 'node:*'], message: 'domain stays pure.' }],
    ),
  },
  {
    files: ['machines/**/*.ts'],
    rules: forbid(
      'machines are pure: they may import @domain only, never UI layers, the server or fetch helpers.',
      [...uiLayers, '@server', '@commands'],
      ['src', 'server', 'commands'],
      [noClimbing, { group: ['react', 'react-dom', 'react/*', 'node:*'], message: 'machines stay pure.' }],
    ),
  },
  {
    files: ['commands/**/*.ts'],
    rules: forbid(
      'commands are pure config objects: they may import @domain and @machines only.',
      [...uiLayers, '@server'],
      ['src', 'server'],
      [noClimbing, { group: ['react', 'react-dom', 'react/*', 'node:*'], message: 'commands stay pure.' }],
    ),
  },
  // The server shares only domain and machines.
  {
    files: ['server/**/*.ts'],
    rules: forbid(...serverBoundaries),
  },
  // No feature imports another feature's routes file (the same boundaries, plus that one, per feature folder).
  ...serverFeatures.map((feature) => ({
    files: [`server/${feature}/**/*.ts`],
    rules: forbid(serverBoundaries[0], serverBoundaries[1], serverBoundaries[2], [...serverBoundaries[3], otherFeaturesRoutes(feature)]),
  })),
  // The server's development entry may start the development tools (tools/: the OCPP simulator); production server
  // code never imports them (start-server.ts loads this entry only when simulated chargers are wanted).
  {
    files: ['server/dev-chargers.ts'],
    rules: forbid(serverBoundaries[0], serverBoundaries[1].filter((root) => root !== '@tools'), serverBoundaries[2].filter((name) => name !== 'tools'), serverBoundaries[3]),
  },
  // No import circles anywhere: a module importing one that imports it back (directly or through others) runs with
  // half-initialised imports at start (in the console, a lazy chunk's too). Type-only imports do not count: they
  // leave nothing at run time.
  {
    files: ['{src,domain,machines,commands,server,tools}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The console never imports the server.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: forbid('The console talks to the server over HTTP only.', ['@server'], ['server'], [noClimbing]),
  },
  // The generic pages (src/resources) serve every resource alike: no feature's component, no one resource's module,
  // no test of a resource's name. What a resource needs beyond them comes from its feature's declaration.
  {
    files: ['src/resources/**/*.{ts,tsx}'],
    rules: {
      ...forbid('The console talks to the server over HTTP only.', ['@server'], ['server'], [
        noClimbing,
        { group: ['@workflows', '@workflows/*', ...relativeForms(['workflows'])], message: `The generic pages import no feature: ${declareInstead}.` },
        { group: ['@domain/resources', '@domain/resources/**'], message: `The generic pages import no resource's definition (they are given the resource): ${declareInstead}.` },
      ]),
      'no-restricted-syntax': ['error', ...resourceNameLiterals],
    },
  },
);
