import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineTables } from '@machines/machine-table';
import { recordWorkflows } from '@machines/workflow-registry';
import { screenMachines } from '@machines/screen-machines';

describe('workflow tables of docs/workflows.md', () => {
  it('are the ones the machine definitions generate (run `npm run docs:machines` after changing a machine)', () => {
    const doc = readFileSync('docs/workflows.md', 'utf8');
    const block = /<!-- machine-tables:start -->[\s\S]*<!-- machine-tables:end -->/.exec(doc)?.[0];
    expect(block).toBe(machineTables(recordWorkflows, screenMachines));
    for (const workflow of recordWorkflows) {
      for (const event of Object.keys(workflow.eventSchemas)) expect(block).toContain(`| ${event} |`);
    }
  });
});
