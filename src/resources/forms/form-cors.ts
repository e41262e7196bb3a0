// CORS on the form routes a visitor's browser calls (`/api/forms/{form_id}` and its `/submit`,
// spec 4.12). Every answer carries it, the pipeline's own too (a body over 32 KB, malformed
// JSON), or the page could not read why its request failed. `Access-Control-Allow-Credentials`
// is never sent: CORS never allows credentials, and the widget sends none.
//
// It wraps the whole `handle` (mock.ts) rather than living in the handlers because the pipeline
// answers some requests before any handler runs.
import type { RequestInfo } from '../../http/handle.ts';
import type { MockState } from '../../mock-state.ts';
import { findForm } from './find-form.ts';
import { originVerdict } from './form-origins.ts';

type Handle = (request: Request, info?: RequestInfo) => Promise<Response>;

const FORM_ROUTE = /^\/api\/forms\/([^/]+)(?:\/submit)?\/?$/;

/** What a cross-origin page may read besides the simple headers: the language of field errors, the request id, when to retry. */
const EXPOSED = 'X-Svc-Locale, X-Request-Id, Retry-After';

export function withFormCors(handle: Handle, state: MockState): Handle {
  return async (request, info) => {
    const response = await handle(request, info);
    const formId = FORM_ROUTE.exec(new URL(request.url).pathname)?.[1];
    if (formId === undefined || response.type === 'error') return response;
    const { allowOrigin } = originVerdict(state, findForm(state, safeDecode(formId))?.form, request);
    if (allowOrigin) response.headers.set('Access-Control-Allow-Origin', allowOrigin);
    response.headers.set('Access-Control-Expose-Headers', EXPOSED);
    response.headers.append('Vary', 'Origin');
    return response;
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
