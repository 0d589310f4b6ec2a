// `npx tsx scripts/role-docs.ts`: writes the demo roles' tables of docs/roles.md from the seeded roles (between the
// role-tables markers). A test fails when the tables are out of date (tests/server/demo-role-table.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { demoRoleTables } from '@server/seed/demo-role-table';
import { demoRoles } from '@server/seed/seed-roles';

const DOC = 'docs/roles.md';
const MARKERS = /<!-- role-tables:start -->[\s\S]*<!-- role-tables:end -->/;

const doc = readFileSync(DOC, 'utf8');
if (!MARKERS.test(doc)) throw new Error(`${DOC} has no role-tables markers to write between.`);
const next = doc.replace(MARKERS, () => demoRoleTables(demoRoles));
writeFileSync(DOC, next);
console.log(next === doc ? `${DOC} role tables were up to date.` : `${DOC} role tables rewritten.`);
