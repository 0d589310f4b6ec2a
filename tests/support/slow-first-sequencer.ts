// The order vitest starts test files in. Without its results cache (a fresh clone, as in CI) vitest starts the
// largest files first; the files below are small but long (each starts servers or command-line processes and waits
// on them), so started last they would leave one worker busy while the others sit idle. They start first instead.
// With a cache, vitest's own order (failed, then slowest first) already places them so.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Long files, by their path's end, in the order they start. */
export const LONG_FILES = [
  'tests/server/maintenance/backup-restore.test.ts',
  'tests/server/maintenance/move.test.ts',
  'tests/server/production-start.test.ts',
  'tests/server/first-admin.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((end) => spec.moduleId.endsWith(end));
  return index < 0 ? LONG_FILES.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: within each project (vitest runs projects one after another) the long files first, the rest as sorted.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const place = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b) || place.get(a)! - place.get(b)!);
  }
}
