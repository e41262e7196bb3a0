// Spec 5.2: `scope` is space-separated (several declared scopes are granted together), and on a
// refresh an optional `scope` "can only narrow the granted scopes": a narrower one is answered,
// a wider one refused with invalid_scope. It needs an approval and an app declaring three scopes
// of different resources: on a mock an app of the check's own; on a deployment the given client,
// whose declared scopes an approval without `scope` grants (spec 5.2: "empty means all").
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { mockApp, tokensOf, oauthErrorOf } from './authorize-kit.ts';
import { needClient, oauthPost, type OAuthClient } from '../../kits/oauth-kit.ts';

const scopesOf = (answer: any) =>
  String(answer?.scope ?? '')
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');

/** Two scopes granted together (contacts:read second when declared: a narrowed token is tried on contacts), and a third declared. */
type Plan = { app: OAuthClient; pair: [string, string]; wider: string };

export const refreshScope: ActiveCheck = {
  kind: 'active',
  id: 'oauth.refresh-scope',
  area: 'oauth',
  title: 'two space-separated scopes are granted together; a refresh narrows them with scope, and a wider scope answers invalid_scope',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const { app, pair, wider: third } = await planOf(context);
    const granted = await tokensOf(context, app, { scope: pair.join(' ') });
    const grantedProblem = `scope=${pair.join(' ')} was granted ${JSON.stringify(granted.json.scope)}`;
    const together = scopesOf(granted.json) === [...pair].sort().join(' ');
    context.judge('oauth.authorize-scope-space-separated', !together && grantedProblem, granted);
    const refreshToken = granted.json.refresh_token;
    const refreshWith = (scope: string) =>
      oauthPost(context, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken, scope }, { client: app });

    // The third scope is declared by the app but was not granted: asking for it widens.
    const wider = await refreshWith(`${pair[0]} ${third}`);
    const widerAnswer = `${wider.status} ${oauthErrorOf(wider)} ${wider.json?.scope ?? ''}`;
    const refused = wider.status === 400 && wider.json?.error === 'invalid_scope';
    const widened = !refused && `a refresh asking for ${third}, not granted, answered ${widerAnswer}, not 400 invalid_scope`;
    context.judge('oauth.refresh-scope-no-widening', widened, wider);
    if (wider.status === 200)
      return context.skipRule('oauth.refresh-scope-narrows', 'the widening refresh was answered, which used the refresh token up');

    const narrower = await refreshWith(pair[0]);
    const narrowerAnswer = `${narrower.status} with scope ${JSON.stringify(narrower.json?.scope ?? narrower.json?.error)}`;
    // A refresh answer may leave out a scope that is the one asked for (RFC 6749 5.1; spec 5.2 lists
    // the answer's fields at the code exchange only): then the narrowed token's use judges it alone.
    const scopeGiven = narrower.json?.scope !== undefined;
    const narrowed = narrower.status === 200 && (!scopeGiven || scopesOf(narrower.json) === pair[0]);
    const notNarrowed = !narrowed && `a refresh with scope=${pair[0]} answered ${narrowerAnswer}, not ${pair[0]}`;
    context.judge('oauth.refresh-scope-narrows', notNarrowed, narrower);
    if (narrower.status !== 200 || pair[1] !== 'contacts:read') return;
    // The narrowed access token may not read contacts any more.
    const contacts = await context.client.call('listContacts', { query: { limit: 1 }, key: narrower.json.access_token });
    const listed = contacts.status !== 403 && `the access token narrowed to ${pair[0]} listed contacts (${contacts.status}), not 403`;
    context.judge('oauth.refresh-scope-narrows', listed, contacts);
  },
};

async function planOf(context: CheckContext): Promise<Plan> {
  if (context.target.mock) {
    const app = await mockApp(context, ['leads:read', 'contacts:read', 'tasks:read']);
    return { app, pair: ['leads:read', 'contacts:read'], wider: 'tasks:read' };
  }
  const client = needClient(context);
  const approval = await tokensOf(context, client, { scope: undefined });
  const declared = String(approval.json.scope ?? '')
    .split(' ')
    .filter(Boolean);
  // Spec 5.2 step 6: scope is space-separated; a comma joins two of the named scopes (4.1: leads:read...) into one word.
  const joined = declared.find((scope) => scope.includes(','));
  if (joined)
    context.fail(
      `an approval without scope granted ${JSON.stringify(approval.json.scope)}: scopes joined by commas, not spaces`,
      approval,
      'oauth.authorize-scope-space-separated',
    );
  // Scopes of three resources, so that none includes another (leads:write includes leads:read).
  const byResource = [...new Map(declared.map((scope) => [scope.split(':')[0], scope])).values()];
  const ordered = [...byResource.filter((scope) => scope !== 'contacts:read'), ...byResource.filter((scope) => scope === 'contacts:read')];
  const granted = JSON.stringify(declared.join(' '));
  if (ordered.length < 3) context.skip(`needs a client declaring scopes of three resources; an approval without scope granted ${granted}`);
  const second = ordered.at(-1)!;
  return { app: client, pair: [ordered[0]!, second], wider: ordered[1]! };
}
