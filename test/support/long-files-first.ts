// The order vitest starts the test files in. With the results of an earlier run (its cache) vitest
// starts the files that took longest first; from a clean clone (CI) it has none and starts the
// largest files first, which puts a mutation test file (three lines) last: with several workers
// the longest files would then end the run alone. The files known to take long start first, always.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that took 25 s or more in a whole run (CI=true, this 2-core machine, three workers), longest first. */
const LONG_FILES = [
  'test/conformance/stand-in.test.ts',
  'test/conformance/mutation/webhooks.test.ts',
  'test/conformance/mutation/query.test.ts',
  'test/mock/bounded-validation.test.ts',
  'test/conformance/mutation/events.test.ts',
  'test/conformance/mutation/forms.test.ts',
  'test/cli/usage.test.ts',
  'test/conformance/mutation/leads.test.ts',
  'test/package/packed-package.test.ts',
  'test/conformance/mutation/conventions.test.ts',
  'test/mock/state-durability.test.ts',
  'test/docs/docs-page.test.ts',
];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.indexOf(relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? LONG_FILES.length : index;
    };
    // A stable sort: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
