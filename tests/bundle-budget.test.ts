// The build's size check (vite.config.ts bundleBudget): what counts as the first load, and failing over the budget.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { bundleBudget, bundleSizes, type BudgetChunk } from '../vite.config';

const chunk = (fileName: string, code: string, imports: string[] = [], dynamicImports: string[] = [], entry?: string): BudgetChunk => ({
  type: 'chunk',
  fileName,
  code,
  imports,
  dynamicImports,
  ...(entry ? { isEntry: true, name: entry } : {}),
});

/** `length` characters that gzip cannot shrink much (random bytes in base64). */
const noise = (length: number): string => randomBytes(length).toString('base64').slice(0, length);

/** main imports react and a; a imports shared; main loads page later, which imports shared and chart; bench is another entry. */
const bundle: Record<string, BudgetChunk> = {
  'main.js': chunk('main.js', 'm'.repeat(100), ['react.js', 'a.js'], ['page.js'], 'main'),
  'react.js': chunk('react.js', 'r'.repeat(100)),
  'a.js': chunk('a.js', 'a'.repeat(100), ['shared.js']),
  'shared.js': chunk('shared.js', 's'.repeat(100)),
  'page.js': chunk('page.js', 'p'.repeat(100), ['shared.js'], ['chart.js']),
  'chart.js': chunk('chart.js', noise(300_000)),
  'bench.js': chunk('bench.js', 'b'.repeat(100), ['react.js'], [], 'bench'),
  'main.css': { type: 'asset', fileName: 'main.css' },
};

/** Runs the plugin's writeBundle as Rollup would; returns what it logged. */
function runBudget(budgetKb: number): string[] {
  const logged: string[] = [];
  const plugin = bundleBudget(budgetKb) as Plugin & { writeBundle: (this: unknown, options: unknown, bundle: unknown) => void };
  plugin.writeBundle.call(
    {
      environment: { logger: { info: (message: string) => logged.push(message) } },
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
  return logged;
}

describe('bundle budget', () => {
  it('counts the entry and its static imports, transitively, as the first load; dynamic imports and what only they import as lazy', () => {
    const { initial, lazy } = bundleSizes(bundle);
    expect(initial.map((c) => c.file).sort()).toEqual(['a.js', 'main.js', 'react.js', 'shared.js']);
    expect(lazy.map((c) => c.file).sort()).toEqual(['chart.js', 'page.js']);
    // Gzipped sizes, largest first: the incompressible chart leads the lazy list.
    expect(lazy[0]!.file).toBe('chart.js');
    expect(lazy[0]!.gzip).toBeGreaterThan(150_000);
    expect(initial.every((c) => c.gzip > 0 && c.gzip < 100)).toBe(true);
  });

  it('prints both sizes, and fails the build when the first load is over the budget, naming its chunks', () => {
    const [report] = runBudget(150);
    expect(report).toMatch(/Initial JavaScript \(entry \+ static imports\), gzipped: 0\.\d kB of 150 kB: .*main\.js/);
    expect(report).toMatch(/Lazy JavaScript \(loaded on demand\), gzipped: \d+\.\d kB in 2 chunks; largest: chart\.js/);
    expect(() => runBudget(0.05)).toThrow(/Initial JavaScript is 0\.\d kB gzipped, over the 0\.05 kB budget: .*react\.js/);
  });
});
