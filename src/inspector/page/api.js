// How the page talks to the mock: the control API (/_mock, with the control token when the mock
// asks for one: token.js) and the CRM interface with a key the page mints through the control
// API. It has no other way in. Calls are same-origin fetches: the control guard's Host and
// Origin rules hold for them as for any client.
import { askForToken, controlToken } from './token.js';

/** The answer of a call: the status and the parsed body; errors come back too, not thrown. */
async function send(method, path, { body, headers = {} } = {}) {
  const init = { method, headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    return { status: 0, ok: false, body: { error: { code: 'network', message: `The mock did not answer (${error.message}).` } } };
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, ok: response.ok, body: parsed };
}

/** A control call; a mock that wants its control token (401 invalid_token) gets it from the person, and the call is sent again. */
export async function control(method, path, body) {
  for (;;) {
    const token = controlToken();
    const answer = await send(method, `/_mock${path}`, { body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (answer.status !== 401 || answer.body?.error?.code !== 'invalid_token') return answer;
    await askForToken(token);
  }
}

/** The scopes of spec 5.1 the page needs to read everything and to move leads and replay deliveries. */
const SCOPES = ['leads:write', 'contacts:read', 'companies:read', 'users:read', 'products:read', 'messages:read', 'tasks:read', 'webhooks:manage'];

const keys = new Map();

/** The page's own key of the workspace, minted once per page load (POST /_mock/workspaces/{ws}/api-keys). */
async function keyOf(workspaceId) {
  if (!keys.has(workspaceId)) {
    keys.set(workspaceId, control('POST', `/workspaces/${workspaceId}/api-keys`, { name: 'crmkit inspector page', scopes: SCOPES }).then((answer) => {
      if (!answer.ok) {
        keys.delete(workspaceId);
        throw new Error(`cannot mint a key: ${answer.body?.error?.message ?? answer.status}`);
      }
      return answer.body.key;
    }));
  }
  return keys.get(workspaceId);
}

/** The header the page's own requests carry, so that the request view can leave them out. */
export const OWN_REQUEST_HEADER = 'x-crmkit-inspector';

/**
 * A call of the CRM interface as the workspace's inspector key. A workspace put back from a
 * snapshot (or reset) no longer knows the key: on 401 the page mints a new one and tries once more.
 */
export async function crm(workspaceId, method, path, body) {
  for (let attempt = 0; ; attempt++) {
    let key;
    try {
      key = await keyOf(workspaceId);
    } catch (error) {
      return { status: 0, ok: false, body: { error: { code: 'no_key', message: error.message } } };
    }
    const answer = await send(method, path, { body, headers: { Authorization: `Bearer ${key}`, [OWN_REQUEST_HEADER]: 'page' } });
    if (answer.status !== 401 || attempt > 0) return answer;
    if (keys.get(workspaceId) && (await keys.get(workspaceId).catch(() => null)) === key) keys.delete(workspaceId);
  }
}

/** The error of an answer in one line, for the page's status line. */
export function problemOf(answer) {
  const error = answer.body?.error;
  if (!error) return `HTTP ${answer.status}`;
  const fields = error.fields ? ` (${Object.entries(error.fields).map(([name, text]) => `${name}: ${text}`).join('; ')})` : '';
  return `${answer.status} ${error.code}: ${error.message}${fields}`;
}
