import { describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import { dateRangeLabels } from '@resources/filter-bar';

describe('date range filter labels', () => {
  it('name both ends once, also for fields named for one end', () => {
    expect(dateRangeLabels('Created')).toEqual(['Created from', 'Created to']);
    expect(dateRangeLabels('Period from')).toEqual(['Period from', 'Period to']);
    expect(dateRangeLabels('Valid to')).toEqual(['Valid from', 'Valid to']);
  });

  it('never read "from from" or "to to" on any list', () => {
    for (const resource of resources) {
      for (const name of Object.keys(resource.filters ?? {})) {
        const label = resource.allFields[name]?.label ?? name;
        for (const shown of dateRangeLabels(label)) expect(shown, `${resource.name}.${name}`).not.toMatch(/\\b(from from|to to)\\b/i);
      }
    }
  });
});
