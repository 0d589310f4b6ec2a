// `npm run docs:machines`: writes the workflow tables of docs/workflows.md from the machine definitions
// (between the machine-tables markers). A test fails when the tables are out of date
// (tests/machines/workflow-tables.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { machineTables } from '@machines/machine-table';
import { recordWorkflows } from '@machines/workflow-registry';
import { screenMachines } from '@machines/screen-machines';

const DOC = 'docs/workflows.md';
const MARKERS = /<!-- machine-tables:start -->[\s\S]*<!-- machine-tables:end -->/;

const doc = readFileSync(DOC, 'utf8');
if (!MARKERS.test(doc)) throw new Error(`${DOC} has no machine-tables markers to write between.`);
const next = doc.replace(MARKERS, () => machineTables(recordWorkflows, screenMachines));
writeFileSync(DOC, next);
console.log(next === doc ? `${DOC} machine tables were up to date.` : `${DOC} machine tables rewritten.`);
