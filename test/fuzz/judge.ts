// Judges one answer by the document: a status under 500, one valid X-Request-Id, and a body the
// document describes: for a request of an operation, a status it declares and a body valid
// against that response's schema (the error envelope, the OAuth format, or its success schema);
// for one no operation serves (a path or method of no operation, a request that is not HTTP),
// the envelope with 404 `not_found`, 405 `method_not_allowed` (and Allow) or 400 `malformed_request`.
import { createRouter, type Router } from '../../src/http/router.ts';
import { loadDocument, type OpenApiDocument } from '../../src/spec/document.ts';
import { resolvePointer } from '../../src/spec/json-pointer.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import { responseProblems } from '../../src/spec/response-check.ts';
import { createSchemaValidator, type SchemaValidator } from '../../src/spec/schema-validator.ts';
import type { Answer } from './answer-parser.ts';
import type { SentRequest } from './fuzz-case.ts';

export type FindingKind = '5xx' | 'no-request-id' | 'outside-envelope';
export type Finding = { kind: FindingKind; detail: string };

type Api = { document: OpenApiDocument; router: Router; validator: SchemaValidator };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const GENERIC: Record<string, number> = { not_found: 404, method_not_allowed: 405, malformed_request: 400 };

export function createJudge(): (answer: Answer, sent: SentRequest | undefined) => Finding[] {
  const apis = (['crm', 'mock-control'] as const).map((name): Api => {
    const document = loadDocument(name);
    return { document, router: createRouter(indexOperations(document).values()), validator: createSchemaValidator(document) };
  });
  const [crm, control] = apis as [Api, Api];
  return (answer, sent) => {
    const findings: Finding[] = [];
    if (answer.status >= 500) findings.push({ kind: '5xx', detail: `${answer.status}` });
    const ids = answer.headers.get('x-request-id') ?? [];
    if (ids.length !== 1 || !REQUEST_ID.test(ids[0]!))
      findings.push({ kind: 'no-request-id', detail: `X-Request-Id ${JSON.stringify(ids)}` });
    const problem = bodyProblem(answer, sent, crm, control);
    if (problem) findings.push({ kind: 'outside-envelope', detail: problem });
    return findings;
  };
}

function bodyProblem(answer: Answer, sent: SentRequest | undefined, crm: Api, control: Api): string | undefined {
  const type = answer.headers.get('content-type')?.[0] ?? '';
  // An answer to HEAD has no body to judge, whatever its Content-Type says.
  const isJson = /^application\/json\b/.test(type) && sent?.method !== 'HEAD';
  let json: any;
  if (isJson) {
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return `${answer.status} ${type} body is not JSON`;
    }
  }
  // HEAD: no operation has it; the path's methods (405 with Allow) or 404, without a body.
  if (sent?.method === 'HEAD' && !(answer.status === 405 && answer.headers.has('allow')) && answer.status !== 404 && answer.status !== 400)
    return `HEAD answered ${answer.status}`;
  if (sent?.method === 'HEAD') return answer.body.length ? 'HEAD answered with a body' : undefined;
  const code = json?.error?.code;
  const path = pathOf(sent?.target ?? '/');
  const api = path.startsWith('/_mock/') ? control : crm;
  const match = sent && path !== undefined ? api.router.match(sent.method, path) : undefined;
  if (typeof code === 'string' && code in GENERIC && (code === 'malformed_request' || match?.kind !== 'found'))
    return genericProblem(answer, json, code, api);
  if (match?.kind !== 'found')
    return `${answer.status} ${code ?? type} for ${sent?.method} ${sent?.target.slice(0, 100)}, which no operation serves`;
  const { operation } = match;
  if (isJson) return responseProblems(operation, api.validator, answer.status, json)[0];
  const declared = responseProblems(operation, api.validator, answer.status, undefined).find((problem) =>
    problem.includes('does not declare'),
  );
  if (declared) return declared;
  if (answer.body.length && !declaresType(api.document, operation.id, answer.status, type))
    return `${operation.id} ${answer.status}: ${type} is not a documented body`;
  return undefined;
}

function genericProblem(answer: Answer, json: unknown, code: string, api: Api): string | undefined {
  if (answer.status !== GENERIC[code]) return `${code} with status ${answer.status}`;
  if (code === 'method_not_allowed' && !answer.headers.has('allow')) return '405 without Allow';
  const problems = api.validator.problems('/components/schemas/ErrorEnvelope', json);
  return problems.length ? `${code}: not the envelope (${problems[0]!.instancePath} ${problems[0]!.message})` : undefined;
}

/** The path the server routes: origin-form as is, absolute-form's path, `/` for `*` and authority-form. */
function pathOf(target: string): string {
  const absolute = /^https?:\/\/[^/?#]*([^?#]*)/i.exec(target);
  const raw = target.startsWith('/') ? target : absolute ? absolute[1] || '/' : '/';
  try {
    return new URL(`http://fuzz.invalid${raw.startsWith('/') ? raw : `/${raw}`}`).pathname;
  } catch {
    return '/';
  }
}

function declaresType(document: OpenApiDocument, operationId: string, status: number, type: string): boolean {
  for (const item of Object.values(document.paths ?? {}) as Record<string, any>[]) {
    const operation = Object.values(item).find((candidate: any) => candidate?.operationId === operationId);
    if (!operation) continue;
    let response = operation.responses?.[String(status)] ?? operation.responses?.[`${String(status)[0]}XX`] ?? operation.responses?.default;
    if (response?.$ref) response = resolvePointer(document, response.$ref.slice(1));
    return Object.keys(response?.content ?? {}).some((declared) => type.split(';')[0]!.trim() === declared);
  }
  return false;
}
