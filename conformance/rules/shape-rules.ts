// The rules of the answers' shapes, one per operation of the document (generated, not written in
// YAML: the document is where the shapes live): `responses.shape.<operation>`, "every JSON body
// the operation answers is valid against the schema its status has" (its errors in the envelope or
// OAuth's format are those formats' rules, spec 7.1 and 5.2). A body-schema problem that
// breaks no finer rule of the catalog (a field's own rule, FIELD_RULES in
// conformance/areas/conventions/body-schema.ts) is filed under its operation's shape rule, so that
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

export function shapeRules(): Rule[] {
  const document = loadDocument('crm');
  const sections = new Map((document.tags ?? []).map((tag) => [tag.name, /\b4\.\d+\b/.exec(tag.description ?? '')?.[0] ?? '4']));
  return [...indexOperations(document).values()].map((operation) => ({
    id: shapeRuleId(operation.id),
    section: sections.get(operation.tags[0] ?? '') ?? '4',
    rule: `${operation.method.toUpperCase()} ${operation.path} (${operation.id}) answers JSON bodies valid against the schema of their status.`,
    needs: needsOf(operation),
    checks: ['conventions.body-schema'],
    ...(answersWithoutBody(operation) ? { unproven: NO_BODY } : {}),
    // Judged by the body-schema observer of the conventions area (spec 2.1: answers are JSON of the document's shapes).
    area: 'conventions' as const,
    file: SHAPE_FILE,
  }));
}

const NO_BODY =
  "Its one success answer is 204, which HTTP gives no body, and its JSON errors are the envelope's rules: no answer of the operation can break its shape.";

/** Every answer but an error is 204 No Content (the forms' CORS preflights). */
function answersWithoutBody(operation: Operation): boolean {
  const answers = operation.responseStatuses.filter((status) => /^[123]/.test(status));
  return answers.length > 0 && answers.every((status) => status === '204');
}

function needsOf(operation: Operation): Need[] {
  if (operation.path.startsWith('/oauth/')) return ['oauth-client'];
  // A first-party-only route refuses API keys (spec 4.6, 5.1): a key sees only the error envelope,
  // never the shape; its answers come to a web-app session, which only a mock's control API gives
  // (how a member signs in to the web app is not shown).
  if (operation.isFirstPartyOnly) return ['control'];
  return operation.isPublic ? ['form'] : ['key'];
}
