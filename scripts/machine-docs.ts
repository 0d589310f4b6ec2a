// `npm run docs:machines`: writes the workflow tables of README.md from the machine definitions
// (between the machine-tables markers). A test fails when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { machineTables } from '@machines/machine-table';
import { recordWorkflows } from '@machines/workflow-registry';
import { screenMachines } from '@machines/screen-machines';

const readme = readFileSync('README.md', 'utf8');
const next = readme.replace(/<!-- machine-tables:start -->[\s\S]*<!-- machine-tables:end -->/, machineTables(recordWorkflows, screenMachines));
writeFileSync('README.md', next);
console.log(next === readme ? 'README.md machine tables were up to date.' : 'README.md machine tables rewritten.');
