import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineTables } from '@machines/machine-table';
import { recordWorkflows } from '@machines/workflow-registry';
import { screenMachines } from '@machines/screen-machines';

describe('README workflow tables', () => {
  it('are the ones the machine definitions generate (run `npm run docs:machines` after changing a machine)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const block = /<!-- machine-tables:start -->[\s\S]*<!-- machine-tables:end -->/.exec(readme)?.[0];
    expect(block).toBe(machineTables(recordWorkflows, screenMachines));
    for (const workflow of recordWorkflows) {
      for (const event of Object.keys(workflow.eventSchemas)) expect(block).toContain(`| ${event} |`);
    }
  });
});
