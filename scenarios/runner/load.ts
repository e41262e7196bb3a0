// Reads a scenario file: YAML, then the schema, every problem reported as `file:line:column`
// so that an author goes straight to it. A file that loads is a Scenario the runner can trust.
import { readFileSync } from 'node:fs';
import { isMap, LineCounter, parseDocument, type Document, type Node } from 'yaml';
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
  if (document.errors.length) throw new ScenarioFileError(file, document.errors.map((error) => `${where(error.pos[0])}: ${error.message.split('\n')[0]}`));
  const value = document.toJS() as unknown;
  const problems = schemaProblems(value);
  if (problems.length) throw new ScenarioFileError(file, problems.map((problem) => `${where(offsetOf(document, problem))}: ${describePath(problem)}${problem.message}`));
  const raw = value as Omit<Scenario, 'file' | 'stepLines' | 'setup'> & { setup?: Scenario['setup'] };
  const stepLines = raw.steps.map((_, index) => lineCounter.linePos(offsetOf(document, { path: ['steps', index], message: '' })).line);
  return { ...raw, steps: raw.steps as Step[], setup: raw.setup ?? {}, file, stepLines };
}

function describePath(problem: SchemaProblem): string {
  return problem.path.length ? `${problem.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('').replace(/^\./, '')}: ` : '';
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
