// Spec 4.1, 5.1, 2.2 and 9: GET /v1/api-keys/whoami needs no scope and answers {object: api_key,
// id, name, scopes[], workspace: {id, slug}} for the calling key; key values start with svc_live_;
// v1 is the only version (another version segment is no route) and the OAuth endpoints live
// outside /v1. The limited key (one scope) and a second workspace's key, when given, show that
// the answer is the caller's own.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { answerOf } from '../../kits/conventions-kit.ts';

const ID = (prefix: string) => new RegExp(`^${prefix}_[0-9a-z]{26}$`);
const SCOPE = /^[a-z_]+:[a-z_]+$/;
/** The scopes spec 5.1 names; a crmkit mock's owner key has every one. */
const NAMED_SCOPES = [
  'leads:read',
  'leads:write',
  'contacts:read',
  'contacts:write',
  'companies:read',
  'companies:write',
  'users:read',
  'products:read',
  'products:write',
  'messages:read',
  'messages:send',
  'conversations:manage',
  'notes:write',
  'tasks:read',
  'tasks:write',
  'tags:manage',
  'webhooks:manage',
];

export const whoami: ActiveCheck = {
  kind: 'active',
  id: 'auth.whoami',
  area: 'auth',
  title:
    'whoami answers {object: api_key, id, name, scopes[], workspace: {id, slug}} for the calling key with no scope needed; keys start with svc_live_; /v2 and /v1/oauth are no routes',
  spec: '4.1, 5.1, 9',
  basis: 'documented',
  writes: false,
  async run(context) {
    const own = await context.client.call('getWhoami');
    context.judge('auth.whoami-shape', shapeProblem(own), own);
    if (own.status !== 200) context.fail(`whoami answered ${answerOf(own)}`, own, 'auth.whoami-shape');
    context.judge(
      'conventions.short-prefixes',
      ID('key').test(own.json.id) && ID('ws').test(own.json.workspace?.id)
        ? undefined
        : `whoami shows id ${own.json.id} and workspace ${own.json.workspace?.id}, not key_ and ws_ ids`,
      own,
    );
    context.judge(
      'auth.key-prefix',
      context.target.apiKey.startsWith('svc_live_')
        ? undefined
        : `the key ${context.target.apiKey.slice(0, 12)}... does not start with svc_live_`,
    );
    const scopes: unknown[] = Array.isArray(own.json.scopes) ? own.json.scopes : [];
    const unnamed = scopes.filter((scope) => typeof scope !== 'string' || !SCOPE.test(scope));
    const missingNamed = context.target.mock ? NAMED_SCOPES.filter((scope) => !scopes.includes(scope)) : [];
    context.judge(
      'auth.named-scopes',
      unnamed.length
        ? `whoami lists scopes ${JSON.stringify(unnamed)}, not <resource>:<action> names`
        : missingNamed.length
          ? `the mock's owner key lacks the named scopes ${missingNamed.join(', ')}`
          : undefined,
      own,
    );
    await judgeLimitedKey(context, own);
    await judgeOtherWorkspace(context, own);
    await judgeVersions(context);
  },
};

function shapeProblem(answer: Exchange): string | undefined {
  if (answer.status !== 200) return `whoami answered ${answerOf(answer)}`;
  const body = answer.json ?? {};
  if (body.object !== 'api_key') return `object is ${JSON.stringify(body.object)}, not api_key`;
  if (typeof body.id !== 'string' || typeof body.name !== 'string') return 'id or name is not a string';
  if (!Array.isArray(body.scopes)) return 'scopes is not a list';
  if (typeof body.workspace?.id !== 'string' || typeof body.workspace?.slug !== 'string' || !body.workspace.slug)
    return 'workspace is not {id, slug}';
  return undefined;
}

/** A key with one scope, none of which whoami needs, is answered with its own id and scopes. */
async function judgeLimitedKey(context: CheckContext, own: Exchange): Promise<void> {
  const key = context.target.limitedKey;
  if (!key) return;
  const limited = await context.client.call('getWhoami', { key });
  context.judge(
    'auth.whoami-no-scope',
    limited.status === 200 ? undefined : `whoami with a key of scopes other than the owner's answered ${answerOf(limited)}`,
    limited,
  );
  if (limited.status !== 200) return;
  const sameScopes = JSON.stringify([...limited.json.scopes].sort()) === JSON.stringify([...own.json.scopes].sort());
  const problem =
    limited.json.id === own.json.id
      ? 'two keys are answered with the same id'
      : sameScopes
        ? 'a key with other scopes is answered with the same scopes'
        : limited.json.workspace?.id !== own.json.workspace?.id
          ? 'two keys of one workspace are answered with different workspaces'
          : undefined;
  context.judge('auth.whoami-own-key', problem, limited);
}

/** Another workspace's key is answered with its own workspace. */
async function judgeOtherWorkspace(context: CheckContext, own: Exchange): Promise<void> {
  const key = context.target.otherKey;
  if (!key) return;
  const other = await context.client.call('getWhoami', { key });
  context.judge(
    'auth.whoami-own-key',
    other.status === 200 && other.json.workspace?.id === own.json.workspace?.id
      ? "another workspace's key is answered with this workspace"
      : undefined,
    other,
  );
}

/** /v2 is no route; the token endpoint is at /oauth/token, not /v1/oauth/token. */
async function judgeVersions(context: CheckContext): Promise<void> {
  // send, not call: /v2 and /v1/oauth are paths off the document, asked for on purpose.
  const v2 = await context.client.send('GET', '/v2/api-keys/whoami');
  context.judge(
    'conventions.version-path',
    v2.status === 404 ? undefined : `GET /v2/api-keys/whoami answered ${answerOf(v2)}, not 404`,
    v2,
  );
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const inside = await context.client.send('POST', '/v1/oauth/token', {
    key: null,
    rawBody: 'grant_type=client_credentials',
    headers: form,
  });
  // send: the same form body as a raw body, as OAuth clients send it (call sends JSON only).
  const outside = await context.client.send('POST', '/oauth/token', { key: null, rawBody: 'grant_type=client_credentials', headers: form });
  const problem =
    inside.status !== 404
      ? `POST /v1/oauth/token answered ${inside.status}, not 404`
      : outside.status === 404
        ? 'POST /oauth/token answered 404'
        : undefined;
  context.judge('conventions.oauth-outside-v1', problem, inside.status !== 404 ? inside : outside);
}
