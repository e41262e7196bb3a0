// `fetch` that holds every JSON answer of the mock to its document (status and body schema), the
// way mock-client.ts does in process: tests over real HTTP (and the OAuth client library, through
// its customFetch option) then also prove that the mock and the document agree.
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { responseProblems } from '../../src/spec/response-check.ts';

const documented = { crm: createApi(loadDocument('crm')), control: createApi(loadDocument('mock-control')) };

export async function documentedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const response = await fetch(request, { redirect: 'manual' });
  const { pathname } = new URL(request.url);
  const api = pathname.startsWith('/_mock/') ? documented.control : documented.crm;
  const match = api.router.match(request.method, pathname);
  if (match.kind !== 'found') return response;
  // An HTML page (the hub's) or a redirect has no JSON body to check: only its status must be declared.
  const json = (response.headers.get('content-type') ?? '').includes('application/json');
  const problems = json
    ? responseProblems(match.operation, api.validator, response.status, await response.clone().json())
    : statusProblems(match.operation.responseStatuses, match.operation.id, response.status);
  if (problems.length) throw new Error(`the mock answered ${request.method} ${pathname} outside the document:\n${problems.join('\n')}`);
  return response;
}

function statusProblems(declared: string[], operationId: string, status: number): string[] {
  const covered = [String(status), `${String(status)[0]}XX`, 'default'].some((key) => declared.includes(key));
  return covered ? [] : [`${operationId} does not declare status ${status}`];
}
