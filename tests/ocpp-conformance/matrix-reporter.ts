// The conformance matrix: after the run, one line per case (feature profile, case id, title, and its result on each
// database driver), printed as a Markdown table (docs/ocpp.md › Conformance carries it). A case is named
// `<ID> <title>` inside a describe block named `<profile> on <driver>`.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface Row {
  profile: string;
  id: string;
  title: string;
  results: Map<string, string>;
}

/** The profiles in the order of OCPP 1.6's feature profiles (others after them, by name). */
const PROFILE_ORDER = ['Core', 'Firmware Management', 'Local Auth List Management', 'Reservation', 'Smart Charging', 'Remote Trigger'];

/** Rows by profile, then by case id (its letters, then its number). */
function byPlace(a: Row, b: Row): number {
  const rank = (profile: string) => (PROFILE_ORDER.includes(profile) ? PROFILE_ORDER.indexOf(profile) : PROFILE_ORDER.length);
  const number = (id: string) => Number(/\d+/.exec(id)?.[0] ?? 0);
  return rank(a.profile) - rank(b.profile) || a.profile.localeCompare(b.profile) || a.id.replace(/\d.*/, '').localeCompare(b.id.replace(/\d.*/, '')) || number(a.id) - number(b.id);
}

const RESULT_WORDS: Record<string, string> = { passed: 'pass', failed: 'FAIL', skipped: 'skipped', pending: 'not run' };

/** The case's top-level describe block: its profile and driver. */
function placeOf(test: TestCase): { profile: string; driver: string } {
  let suite = test.parent;
  let top = suite.type === 'suite' ? suite.name : '';
  while (suite.type === 'suite') {
    top = suite.name;
    suite = suite.parent;
  }
  const match = /^(.*) on (\w+)$/.exec(top);
  return match ? { profile: match[1]!, driver: match[2]! } : { profile: top || '(none)', driver: '' };
}

export default class MatrixReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = new Map<string, Row>();
    const drivers = new Set<string>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const { profile, driver } = placeOf(test);
        const match = /^([A-Z]+-\d+[a-z]?)\s+(.*)$/.exec(test.name);
        const id = match?.[1] ?? '—';
        const title = match?.[2] ?? test.name;
        const key = `${profile}\u0000${id}\u0000${title}`;
        const row = rows.get(key) ?? { profile, id, title, results: new Map() };
        drivers.add(driver);
        row.results.set(driver, RESULT_WORDS[test.result().state] ?? test.result().state);
        rows.set(key, row);
      }
    }
    if (rows.size === 0) return;
    const columns = [...drivers];
    const lines = [
      `| Profile | Case | Title | ${columns.map((d) => d || 'Result').join(' | ')} |`,
      `| --- | --- | --- | ${columns.map(() => '---').join(' | ')} |`,
      ...[...rows.values()].sort(byPlace).map((r) => `| ${r.profile} | ${r.id} | ${r.title} | ${columns.map((d) => r.results.get(d) ?? '—').join(' | ')} |`),
    ];
    const failed = [...rows.values()].filter((r) => [...r.results.values()].includes('FAIL')).length;
    process.stdout.write(`\nOCPP 1.6-J conformance matrix (${rows.size} cases${failed ? `, ${failed} failing` : ''}):\n\n${lines.join('\n')}\n\n`);
  }
}
