// The rules of the answers' shapes, one per operation of the document (generated, not written in
// YAML: the document is where the shapes live): `responses.shape.<operation>`, "every JSON body
// the operation answers is valid against the schema its status has" (its errors in the envelope or
// OAuth's format are those formats' rules, spec 7.1 and 5.2). A body-schema problem that
// breaks no finer rule of the catalog (a field's own rule, FIELD_RULES in
// conformance/checks/responses/body-schema.ts) is filed under its operation's shape rule, so that
// a report names the route it breaks (issue 22). The section is the endpoint section of the
// operation's tag (its description cites it: "spec 2.3, 3, 4.2" gives 4.2). An operation the spec
// does not show (x-inferred) needs no reading: each problem with it is inferred (it only warns).
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations, type Operation } from '../../src/spec/operation-index.ts';
import type { Need, Rule } from './catalog.ts';

export const SHAPE_FILE = 'openapi (one shape rule per operation)';

/** The shape rule of an operation: `createLead` → `responses.shape.create-lead`. */
export function shapeRuleId(operationId: string): string {
  return `responses.shape.${operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** A preflight's success is 204, which has no body, and its refusals are the envelope's (responses.error-envelope). */
const PREFLIGHT =
  "A preflight's one success is 204 No Content, which carries no body, and its refusals are judged by the envelope's rule (responses.error-envelope): no JSON body of the operation ever reaches its shape rule, so no mutant can break it.";

/** Why no single fault can break an operation's shape rule (issue 23), where none can. */
const UNPROVEN_SHAPES: Partial<Record<string, string>> = {
  preflightFormConfig: PREFLIGHT,
  preflightFormSubmit: PREFLIGHT,
};

export function shapeRules(): Rule[] {
  const document = loadDocument('crm');
  const sections = new Map((document.tags ?? []).map((tag) => [tag.name, /\b4\.\d+\b/.exec(tag.description ?? '')?.[0] ?? '4']));
  return [...indexOperations(document).values()].map((operation) => ({
    id: shapeRuleId(operation.id),
    section: sections.get(operation.tags[0] ?? '') ?? '4',
    rule: `${operation.method.toUpperCase()} ${operation.path} (${operation.id}) answers JSON bodies valid against the schema of their status.`,
    needs: needsOf(operation),
    checks: ['responses.body-schema'],
    ...(UNPROVEN_SHAPES[operation.id] ? { unproven: UNPROVEN_SHAPES[operation.id] } : {}),
    file: SHAPE_FILE,
  }));
}

function needsOf(operation: Operation): Need[] {
  if (operation.path.startsWith('/oauth/')) return ['oauth-client'];
  return operation.isPublic ? ['form'] : ['key'];
}
