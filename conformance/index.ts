// `crmkit/conformance`: the suite from code.
export { runConformance, type Report, type CheckResult, type RunOptions, type Outcome } from './run.ts';
export { ALL_CHECKS } from './areas/index.ts';
export { type Check } from './check.ts';
export { AREAS, type Area } from '../src/spec/areas.ts';
export { loadCatalog, type Rule, type Need } from './rules/catalog.ts';
export type { RuleResult, RuleOutcome } from './rules/rule-results.ts';
export { prettyReport } from './report/pretty.ts';
export { junitReport } from './report/junit.ts';
export { htmlReport } from './report/html.ts';
export { jsonReport, readPreviousReport, type PreviousReport } from './report/json-report.ts';
export { compareReports, gateStatus, type Comparison, type RuleChange } from './report/compare.ts';
