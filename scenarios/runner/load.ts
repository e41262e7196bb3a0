// Reads a scenario file: YAML, then the schema, every problem reported as `file:line:column`
// so that an author goes straight to it. A file that loads is a Scenario the runner can trust.
import { readFileSync } from 'node:fs';
import { isMap, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { needsProblems } from './needs-names.ts';
import { schemaProblems, type SchemaProblem } from './schema.ts';
import type { Scenario, Step } from './types.ts';

export class ScenarioFileError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`${file} is not a valid scenario:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ScenarioFileError';
    this.file = file;
    this.problems = problems;
  }
}

export function loadScenario(file: string): Scenario {
  return parseScenario(readFileSync(file, 'utf8'), file);
}

export function parseScenario(text: string, file: string): Scenario {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const where = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  // A YAML error throws the parser off for the rest of the file: the first one is the one to fix.
  const [syntax, ...cascade] = document.errors;
  if (syntax)
    throw new ScenarioFileError(file, [
      `${where(syntax.pos[0])}: ${syntax.message.split('\n')[0]}${cascade.length ? ` (and ${cascade.length} more errors after it)` : ''}${flowHint(text, syntax.pos[0])}`,
    ]);
  const value = document.toJS() as unknown;
  const problems = schemaProblems(value);
  if (problems.length)
    throw new ScenarioFileError(
      file,
      problems.map((problem) => `${where(offsetOf(document, problem))}: ${describePath(problem)}${problem.message}`),
    );
  const raw = value as Omit<Scenario, 'file' | 'stepLines' | 'cleanupLines' | 'setupLine' | 'setup' | 'cleanup'> & {
    setup?: Scenario['setup'];
    cleanup?: Step[];
  };
  const lineOf = (path: (string | number)[]) => lineCounter.linePos(offsetOf(document, { path, message: '' })).line;
  const stepLines = raw.steps.map((_, index) => lineOf(['steps', index]));
  const cleanup = raw.cleanup ?? [];
  const cleanupLines = cleanup.map((_, index) => lineOf(['cleanup', index]));
  const setupLine = raw.setup ? lineOf(['setup']) : 1;
  const scenario = { ...raw, steps: raw.steps as Step[], cleanup, setup: raw.setup ?? {}, file, stepLines, cleanupLines, setupLine };
  const needs = needsProblems(scenario);
  const located = (problem: SchemaProblem) => `${where(offsetOf(document, problem))}: ${describePath(problem)}${problem.message}`;
  if (needs.length) throw new ScenarioFileError(file, needs.map(located));
  return scenario;
}

function describePath(problem: SchemaProblem): string {
  return problem.path.length
    ? `${problem.path
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
        .join('')
        .replace(/^\./, '')}: `
    : '';
}

/** Where a problem is: its node, the key it names, or (for a missing key) the nearest node that exists. */
function offsetOf(document: Document, problem: SchemaProblem): number {
  for (let length = problem.path.length; length >= 0; length--) {
    const node = (length === 0 ? document.contents : document.getIn(problem.path.slice(0, length), true)) as Node | undefined;
    if (!node?.range) continue;
    if (length === problem.path.length && problem.key !== undefined) return keyOffset(node, problem.key) ?? node.range[0];
    return node.range[0];
  }
  return 0;
}

function keyOffset(node: Node, key: string): number | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
  return (pair?.key as Node | undefined)?.range?.[0];
}

/** `{path: /v1/leads/${lead.id}}` is the usual slip: in a {…} mapping, `{` and `}` end the value. */
function flowHint(text: string, offset: number): string {
  const line = text.slice(text.lastIndexOf('\n', offset) + 1, text.indexOf('\n', offset) >>> 0);
  return /\{[^}]*[^'"]\$\{/.test(line) ? "; inside {…} write '${…}' in quotes" : '';
}
