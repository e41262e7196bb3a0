// The control guard's answers (src/http/control-guard.ts, src/http/handle.ts) on every
// operation of the bundled control document: 403 `forbidden` (control_host, control_origin),
// 401 `invalid_token` (with a control token), 400 `bad_json` (a body without
// `Content-Type: application/json`) and 413 `body_too_large` (a body over 1 MB, read before any
// operation: also on a GET, on the wire). They are written once, as components.responses of
// openapi/mock-control.yaml, and referenced from each operation here at bundle time rather than
// in 46 operations by hand; an operation's own answer for a status stays (it already covers
// the guard's: oauth consent's 403 `forbidden`, the 400s that list `bad_json`).

type Operation = { operationId?: string; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, unknown>>; components?: { responses?: Record<string, unknown> } };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Methods whose body the mock never reads (src/http/handle.ts BODYLESS_METHODS): no `bad_json` there. */
const BODYLESS = new Set(['get', 'head']);

/** Reads of the inspector page's files need no token (control-guard.ts isPageFile). */
const TOKEN_FREE = new Set(['getInspectorPage', 'getInspectorFile']);

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Adds the guard's answers to each operation of the bundled control document; answers how many were added. */
export function addControlGuardResponses(document: Document): number {
  for (const name of ['ControlForbidden', 'ControlUnauthorized', 'ControlBadJson', 'ControlBodyTooLarge']) {
    if (!document.components?.responses?.[name]) throw new Error(`the control document has no components.responses.${name}`);
  }
  let added = 0;
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      const add = (status: string, name: string) => {
        if (responses[status]) return;
        responses[status] = ref(name);
        added++;
      };
      add('403', 'ControlForbidden');
      if (!TOKEN_FREE.has(operation.operationId ?? '')) add('401', 'ControlUnauthorized');
      if (!BODYLESS.has(method)) add('400', 'ControlBadJson');
      add('413', 'ControlBodyTooLarge');
    }
  }
  return added;
}
