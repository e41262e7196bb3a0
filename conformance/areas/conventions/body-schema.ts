// Spec 2 and 4: every JSON answer's body is valid against the schema the document gives its
// status. Each problem is filed under the rule it breaks (issue 22): a field's own rule of the
// catalog where there is one (FIELD_RULES), else the operation's shape rule
// (`responses.shape.<operation>`, generated from the document: rules/shape-rules.ts). A status the
// operation does not declare is errors.documented-status's, not this check's; an error answer in
// the envelope (7.1) or in OAuth's format (5.2) is judged by the rules of that format
// (errors.error-envelope, oauth.error-format), so that one broken envelope fails those rules, not
// a shape rule of every operation that answered it.
import { createApi } from '../../../src/http/api.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Operation } from '../../../src/spec/operation-index.ts';
import { bodyProblems, type BodyProblem } from '../../../src/spec/response-check.ts';
import type { Observation, Observer } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { shapeRuleId } from '../../rules/shape-rules.ts';

const { validator } = createApi(loadDocument('crm'));

/** Fields with a rule of their own: an operation's answer of a status, and the pointer of the field in its body. */
const FIELD_RULES = [{ operation: 'createToken', status: 200, pointer: '/installation_id', rule: 'conventions.installation-id-inst' }];

/** How many problems of one answer a verdict quotes. */
const QUOTED = 3;

function judgeBody({ operation, status, json, headers }: Exchange): Observation[] {
  if (!operation || json === undefined || !headers['content-type']?.includes('json')) return [];
  if (status >= 400 && operation.errorFormat !== 'oauth-redirect') return [];
  const problems = bodyProblems(operation, validator, status, json);
  if (problems === undefined) return [];
  const fields = FIELD_RULES.filter((field) => field.operation === operation.id && field.status === status);
  const ofField = (field: (typeof fields)[number]) => (problem: BodyProblem) =>
    problem.field !== undefined && within(problem.field, field.pointer);
  const judged = fields.map((field) => ({ rule: field.rule, problem: worded(operation, status, problems.filter(ofField(field))) }));
  const rest = problems.filter((problem) => !fields.some((field) => ofField(field)(problem)));
  // An answer the spec states (`x-answer-stated`) on a route it shows is judged as stated, though other parts of the operation are inferred.
  const stated = operation.isAnswerStated && !operation.isRouteInferred ? { inferred: false } : {};
  return [{ rule: shapeRuleId(operation.id), problem: worded(operation, status, rest), ...stated }, ...judged];
}

/** The pointer is the field's, or inside it. */
function within(pointer: string, field: string): boolean {
  return pointer === field || pointer.startsWith(`${field}/`);
}

function worded(operation: Operation, status: number, problems: BodyProblem[]): string | undefined {
  if (!problems.length) return undefined;
  const each = problems.slice(0, QUOTED).map(({ pointer, message }) => (pointer === undefined ? message : `body${pointer} ${message}`));
  return `${operation.id} ${status}: ${each.join('; ')}${problems.length > QUOTED ? ` (and ${problems.length - QUOTED} more)` : ''}`;
}

export const bodySchema: Observer = {
  kind: 'observer',
  id: 'conventions.body-schema',
  area: 'conventions',
  title: "every JSON body is valid against its response's schema",
  spec: '2, 4',
  basis: 'documented',
  judge: judgeBody,
};
