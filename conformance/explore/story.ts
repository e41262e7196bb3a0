// A shrunk divergence as a story for `crmkit scenario run` (scenarios/README.md), so that a finding
// becomes a regression test: each step's request with the run's marker as `${run}` and the ids of
// the records it made as captures, the status the oracle answered (or any the spec lets stand for
// it), and at the diverging step the values that differed, as the oracle holds them (scalars, and
// lists of scalars as their length and items in any order; ids of the run's records as captures).
import { stringify } from 'yaml';
import { instantOf } from '../same-json.ts';
import { CUSTOM_FIELD_BODIES } from './custom-fields.ts';
import { statusesStandingFor } from './error-equivalence.ts';
import { operationOf } from './document-schemas.ts';
import type { Divergence, ExploreReport } from './explore.ts';
import { createdId, type Executed } from './run-sequence.ts';
import { isCursorOf, isRef, isStageOf, OWNER_REF, type Ref, type Step } from './step.ts';

const ID = /^[a-z]+_[0-9a-z]{26}$/;

export function storyOf(report: ExploreReport, divergence: Divergence): string {
  const { marker } = divergence;
  const oracleIds = new Map<string, number>();
  for (const executed of divergence.exchanges)
    if (executed.step.creates && createdId(executed.oracle)) oracleIds.set(createdId(executed.oracle)!, executed.step.id);
  const prefixes = new Map([...oracleIds].map(([id, ref]) => [ref, id.split('_')[0]!]));
  const text = (value: string) => value.replaceAll(marker, '${run}');
  const pipelinesRead = new Set<number>();
  const steps = divergence.exchanges.flatMap((executed, index) => {
    const step = storyStep(executed, index, { text, prefixes, oracleIds, diverging: executed.differences.length > 0 });
    const leads = Object.values(executed.step.body ?? {})
      .filter(isStageOf)
      .map((value) => value.stageOf)
      .filter((lead) => !pipelinesRead.has(lead));
    for (const lead of leads) pipelinesRead.add(lead);
    return [...leads.map(pipelineStep), step];
  });
  return stringify(
    {
      title: `Found by crmkit explore: ${divergence.signature}`,
      description:
        `crmkit explore --seed ${report.seed} --calls ${report.calls} --steps ${divergence.steps.map((step) => step.id).join(',')} ` +
        `found this sequence answered otherwise than a crmkit workspace answers it (shrunk from ${divergence.originalLength} steps). ` +
        `Rules it touches: ${divergence.rules.join(', ')}.`,
      // Custom values need the fields (custom-fields.ts), made as the story's setup on a mock.
      ...(divergence.exchanges.some(({ step }) => step.body && 'custom' in step.body) ? { setup: { fields: CUSTOM_FIELD_BODIES } } : {}),
      steps: [
        ...(usesOwner(divergence.exchanges) ? [OWNER_STEP] : []),
        ...(divergence.exchanges.some(({ step }) => step.as === 'other-workspace') ? [OTHER_WORKSPACE_STEP] : []),
        ...steps,
      ],
    },
    { lineWidth: 0 },
  );
}

type Writing = { text(value: string): string; prefixes: Map<number, string>; oracleIds: Map<string, number>; diverging: boolean };

function storyStep(executed: Executed, index: number, writing: Writing): Record<string, unknown> {
  const { step, oracle } = executed;
  const operation = operationOf(step.operationId);
  let path = operation.path;
  for (const [name, ref] of Object.entries(step.params))
    path = path.replace(`{${name}}`, typeof ref === 'string' ? ref : refText(ref, writing));
  const query = Object.fromEntries(
    Object.entries(step.query).map(([name, value]) => [
      name,
      isCursorOf(value) ? `\${s${value.cursorOf}.next_cursor}` : isRef(value) ? refText(value, writing) : writing.text(value),
    ]),
  );
  const body = step.body && Object.fromEntries(Object.entries(step.body).map(([name, value]) => [name, bodyValue(value, writing)]));
  const refusal = { status: oracle.status, code: oracle.json?.error?.code as string | undefined };
  const statuses = oracle.status >= 400 ? statusesStandingFor(refusal) : [oracle.status];
  const expected = writing.diverging ? expectedBody(executed, writing) : undefined;
  return {
    name: `${index + 1}. ${step.operationId}${writing.diverging ? ' (where the answers differed)' : ''}`,
    ...(needsOf(step).length ? { needs: needsOf(step) } : {}),
    request: {
      method: operation.method.toUpperCase(),
      path,
      ...(Object.keys(query).length ? { query } : {}),
      ...(body ? { body } : {}),
      ...(step.as === 'other-workspace' ? { credential: '${other.api_key}' } : {}),
    },
    expect: {
      status: statuses.length === 1 ? statuses[0] : statuses,
      ...(expected && Object.keys(expected).length ? { body: expected } : {}),
    },
    ...(step.creates || Object.keys(step.query).length ? { capture: { [`s${step.id}`]: 'body' } } : {}),
  };
}

/** The workspace's owner, whom tasks are assigned to (spec 2.7: `role: owner` among the members). */
const OWNER_STEP = {
  name: 'The workspace owner',
  request: { method: 'GET', path: '/v1/members', query: { limit: '100' } },
  expect: { status: 200 },
  capture: { members: 'body' },
};

/**
 * A second workspace to send as (spec 1: a key sees only its own workspace's records), made
 * through the mock's control API; on a deployment it is skipped, and so are the steps sent as it.
 */
const OTHER_WORKSPACE_STEP = {
  name: 'A second workspace (a mock only)',
  control: { method: 'POST', path: '/_mock/workspaces', body: {} },
  capture: { other: 'body' },
};

function usesOwner(exchanges: Executed[]): boolean {
  return exchanges.some(({ step }) => Object.values(step.body ?? {}).some((value) => isRef(value) && value.ref === OWNER_REF));
}

/** The lead's pipeline, read for the stage a move names (`GET /v1/pipelines/{id}`, crmkit's route). */
function pipelineStep(lead: number): Record<string, unknown> {
  return {
    name: `The pipeline of the lead of step ${lead}`,
    needs: [`s${lead}`],
    request: { method: 'GET', path: `/v1/pipelines/\${s${lead}.pipeline_id}` },
    expect: { status: 200 },
    capture: { [`p${lead}`]: 'body' },
  };
}

function needsOf(step: Step): string[] {
  const refs = [...Object.values(step.params), ...Object.values(step.query), ...Object.values(step.body ?? {})];
  return [
    ...new Set([
      ...(step.as === 'other-workspace' ? ['other'] : []),
      ...refs.flatMap((value) => {
        if (isRef(value)) return value.ref === OWNER_REF ? [] : [`s${value.ref}`];
        return isCursorOf(value) ? [`s${value.cursorOf}`] : isStageOf(value) ? [`p${value.stageOf}`] : [];
      }),
    ]),
  ];
}

/** A reference as its capture; an unknown id as an id of the same type that no record has. */
function refText(ref: Ref, writing: Writing): string {
  if (ref.ref === OWNER_REF) return '${members.data[role=owner].id}';
  return ref.unknown ? `${writing.prefixes.get(ref.ref) ?? 'ct'}_${'z'.repeat(26)}` : `\${s${ref.ref}.id}`;
}

function bodyValue(value: unknown, writing: Writing): unknown {
  if (isRef(value)) return refText(value, writing);
  if (isStageOf(value)) return `\${p${value.stageOf}.stages[type=${value.type}].id}`;
  if (typeof value === 'string') return writing.text(value);
  if (Array.isArray(value)) return value.map((item) => bodyValue(item, writing));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, bodyValue(inner, writing)]));
  return value;
}

/** The oracle's values where the answers differed: top-level scalars and lists of scalars, and a list's records. */
function expectedBody(executed: Executed, writing: Writing): Record<string, unknown> | undefined {
  if (executed.oracle.status >= 300 || !executed.oracle.json) return undefined;
  const entries = executed.differences.flatMap(({ at }) => {
    const listed = /^data\[@(\d+)\]$/.exec(at);
    if (listed) {
      const item = { $contains: [{ id: `\${s${listed[1]}.id}` }] };
      return [
        [
          'data',
          executed.oracle.json.data.some((record: any) => writing.oracleIds.get(record.id) === Number(listed[1])) ? item : { $not: item },
        ],
      ];
    }
    const key = at.split('.')[0]!;
    const value = scalarExpectation(executed.oracle.json[key], writing);
    return key && !at.includes('[') && value !== undefined ? [[key, value]] : [];
  });
  return Object.fromEntries(entries);
}

function scalarExpectation(value: unknown, writing: Writing): unknown {
  if (typeof value === 'string' && ID.test(value))
    return writing.oracleIds.has(value) ? `\${s${writing.oracleIds.get(value)}.id}` : undefined;
  // A time the server stamped is expected as a time (its instant is the server's, within the spec's tolerance).
  if (typeof value === 'string' && instantOf(value) !== undefined) return { $match: '^\\d{4}-\\d\\d-\\d\\dT' };
  if (typeof value === 'string') return writing.text(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return { $length: value.length, ...(value.length ? { $contains: value.map((item) => scalarExpectation(item, writing)) } : {}) };
  }
  return undefined;
}
