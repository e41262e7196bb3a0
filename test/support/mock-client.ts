// A mock in process with one workspace, and a small client that calls its core directly.
import { createMock, type Mock, type MockOptions } from '../../src/mock.ts';
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { responseProblems } from '../../src/spec/response-check.ts';
import { createSchemaValidator } from '../../src/spec/schema-validator.ts';

export const BASE = 'http://127.0.0.1:4010';

export type Answer = { status: number; headers: Headers; body: any };

export type CallOptions = {
  body?: unknown;
  rawBody?: BodyInit;
  key?: string | null;
  headers?: Record<string, string>;
  clientAddress?: string;
};

export async function call(mock: Mock, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set('Authorization', `Bearer ${options.key}`);
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await mock.handle(new Request(`${BASE}${path}`, { method, headers, body }), {
    clientAddress: options.clientAddress ?? '127.0.0.1',
  });
  const text = await response.text();
  // A page (the inspector's HTML, CSS, JavaScript) is kept as text: only its status is checked then.
  const json = text !== '' && !/^text\/|^image\//.test(response.headers.get('content-type') ?? '');
  const answer = { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text || undefined };
  const problems = answerProblems(method, path, json ? answer : { ...answer, body: undefined });
  if (problems.length) throw new Error(`the mock answered ${method} ${path} outside the document:\n${problems.join('\n')}`);
  return answer;
}

const documented = { crm: createApi(loadDocument('crm')), control: createApi(loadDocument('mock-control')) };

/**
 * Every answer a test receives must be one the document allows (status and body schema), so
 * each test also proves the mock and the document agree. 501 `not_implemented` is the mock's
 * own answer for operations it does not serve yet, and routing misses have no operation.
 */
function answerProblems(method: string, path: string, answer: Answer): string[] {
  const { pathname } = new URL(path, BASE);
  const api = pathname.startsWith('/_mock/') ? documented.control : documented.crm;
  const match = api.router.match(method, pathname);
  if (match.kind !== 'found' || answer.status === 501) return [];
  return responseProblems(match.operation, api.validator, answer.status, answer.body);
}

export type Setup = { mock: Mock; key: string; workspaceId: string; newKey(settings: Record<string, unknown>): Promise<string> };

export async function setUpMock(options: MockOptions = {}): Promise<Setup> {
  const mock = createMock(options);
  const created = await call(mock, 'POST', '/_mock/workspaces', { body: {} });
  const workspaceId: string = created.body.workspace.id;
  return {
    mock,
    key: created.body.api_key,
    workspaceId,
    async newKey(settings) {
      const answer = await call(mock, 'POST', `/_mock/workspaces/${workspaceId}/api-keys`, { body: settings });
      if (answer.status !== 201) throw new Error(`cannot create key: ${JSON.stringify(answer.body)}`);
      return answer.body.key;
    },
  };
}

const validator = createSchemaValidator(loadDocument('crm'));

/** Problems of an error body against the document's envelope and the schema of its code. */
export function envelopeProblems(body: unknown): string[] {
  const code = (body as { error?: { code?: string } })?.error?.code ?? '';
  const schemaName = `${code
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Error`;
  const pointer = loadDocument('crm').components?.schemas?.[schemaName]
    ? `/components/schemas/${schemaName}`
    : '/components/schemas/ErrorEnvelope';
  return validator.problems(pointer, body).map((problem) => `${problem.instancePath} ${problem.message}`);
}
