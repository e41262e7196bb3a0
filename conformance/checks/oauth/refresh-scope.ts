// Spec 5.2: `scope` is space-separated (several declared scopes are granted together), and on a
// refresh an optional `scope` "can only narrow the granted scopes": a narrower one is answered,
// a wider one refused with invalid_scope. It needs an app declaring two scopes, which only a
// crmkit mock lets the suite register, and an approval.
import type { ActiveCheck } from '../../check.ts';
import { mockApp, tokensOf, oauthErrorOf } from '../../authorize-kit.ts';
import { oauthPost } from '../../oauth-kit.ts';

const scopesOf = (answer: any) => String(answer?.scope ?? '').split(' ').filter(Boolean).sort().join(' ');

export const refreshScope: ActiveCheck = {
  kind: 'active',
  id: 'oauth.refresh-scope',
  family: 'oauth',
  title: 'two space-separated scopes are granted together; a refresh narrows them with scope, and a wider scope answers invalid_scope',
  spec: '5.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const app = await mockApp(context, ['leads:read', 'contacts:read', 'tasks:read']);
    const granted = await tokensOf(context, app, { scope: 'leads:read contacts:read' });
    context.judge('oauth.authorize-scope-space-separated', scopesOf(granted.json) !== 'contacts:read leads:read' && `scope=leads:read contacts:read was granted ${JSON.stringify(granted.json.scope)}`, granted);

    // tasks:read is declared by the app but was not granted: asking for it widens.
    const wider = await oauthPost(context, '/oauth/token', { grant_type: 'refresh_token', refresh_token: granted.json.refresh_token, scope: 'leads:read tasks:read' }, { client: app });
    context.judge('oauth.refresh-scope-no-widening', (wider.status !== 400 || wider.json?.error !== 'invalid_scope') && `a refresh asking for tasks:read, not granted, answered ${wider.status} ${oauthErrorOf(wider)} ${wider.json?.scope ?? ''}, not 400 invalid_scope`, wider);
    if (wider.status === 200) return context.skipRule('oauth.refresh-scope-narrows', 'the widening refresh was answered, which used the refresh token up');

    const narrower = await oauthPost(context, '/oauth/token', { grant_type: 'refresh_token', refresh_token: granted.json.refresh_token, scope: 'leads:read' }, { client: app });
    context.judge('oauth.refresh-scope-narrows', (narrower.status !== 200 || scopesOf(narrower.json) !== 'leads:read') && `a refresh with scope=leads:read answered ${narrower.status} with scope ${JSON.stringify(narrower.json?.scope ?? narrower.json?.error)}, not leads:read`, narrower);
    if (narrower.status !== 200) return;
    // The narrowed access token may not read contacts any more.
    const contacts = await context.client.send('GET', '/v1/contacts?limit=1', { key: narrower.json.access_token });
    context.judge('oauth.refresh-scope-narrows', contacts.status !== 403 && `the access token narrowed to leads:read listed contacts (${contacts.status}), not 403 missing_scope`, contacts);
  },
};
