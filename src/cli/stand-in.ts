// `crmkit mock --stand-in FILE`: a mock that behaves as a deployment does from outside (no control
// API, a workspace already holding demo data, its clock at real time), and the inputs a QA engineer
// of a real deployment would be handed, written to FILE in the format `--inputs FILE` reads
// (harness/inputs.ts): the origins, the owner key, a key limited to leads:read (and keys of
// contacts:read alone and of leads:read with leads:write), a key of
// another workspace, revoked, expired and IP-restricted keys, a form (and one without consent
// text or allowed websites), a test client's conversation the suite may write to (with a message
// the client edited and one deleted in the messenger), an OAuth client, and the
// email and password of the owner, who signs in to the hub to approve apps (spec 5.2).
import type { DeploymentInputs } from '../../harness/inputs.ts';
import type { MockState } from '../mock-state.ts';
import { setHubPassword } from '../oauth/hub-passwords.ts';
import { seedDemoWorkspace } from '../seed/demo-workspace.ts';
import { randomBase64url } from '../store/random-text.ts';
import { addOpenForm, addTestConversation } from './stand-in-extras.ts';
import { setUpForConformance } from './stand-in-setup.ts';
import { addApiKey, createWorkspace } from '../workspaces/create-workspace.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const DAY_MS = 86_400_000;

export type StandIn = { workspace: Workspace; inputs: DeploymentInputs };

export async function prepareStandIn(
  state: MockState,
  urls: { base_url: string; hub_url: string; workspace_url: string },
  options: { seed?: number; leads?: number } = {},
): Promise<StandIn> {
  const { workspace, ownerKey } = await seedDemoWorkspace(state, { seed: options.seed ?? 1, leads: options.leads ?? 60 });
  await setUpForConformance(state, workspace);
  // A seeded workspace's clock stands at the seed's reference date; a deployment's is real time.
  await workspace.clock.set(Math.max(Date.now(), workspace.clock.now()));
  await workspace.clock.freeze(false);
  const key = (name: string, extra: { expiresAt?: string; allowedIps?: string[]; scopes?: string[] } = {}) =>
    addApiKey(state, workspace, { name, scopes: ['leads:read'], role: 'manager', ...extra });
  const revoked = key('QA revoked');
  revoked.revokedAt = new Date(workspace.clock.now()).toISOString();
  const expired = key('QA expired', { expiresAt: new Date(workspace.clock.now() - DAY_MS).toISOString() });
  // 203.0.113.0/24 is for documentation (RFC 5737): never the address of the suite.
  const ipRestricted = key('QA IP-restricted', { allowedIps: ['203.0.113.7'] });
  const other = await createWorkspace(state, { name: 'Another workspace' });
  const form = [...workspace.tables.forms.values()][0];
  const openForm = await addOpenForm(workspace);
  const conversation = await addTestConversation(state, workspace);
  const app = [...workspace.tables.apps.values()].find((candidate) => candidate.client_secret !== null);
  const owner = workspace.members.get(ownerKey.memberId!)!;
  const password = randomBase64url(18);
  await setHubPassword(workspace, owner.id, password);
  return {
    workspace,
    inputs: {
      ...urls,
      api_key: ownerKey.key,
      limited_key: key('QA limited').key,
      // Keys of other scope sets (issue 22): another read scope alone (tags.list-scope,
      // notes.timeline-scope), and a record's write scope without notes:write (notes.delete-scope).
      limited_keys: [
        key('QA contacts reader', { scopes: ['contacts:read'] }).key,
        key('QA lead editor', { scopes: ['leads:read', 'leads:write'] }).key,
      ],
      other_workspace_key: other.ownerKey.key,
      revoked_key: revoked.key,
      expired_key: expired.key,
      ip_restricted_key: ipRestricted.key,
      ...(form ? { form_id: form.id, form_languages: Object.keys(form.texts) } : {}),
      open_form_id: openForm.id,
      ...conversation,
      hub_member: { email: owner.email, password },
      ...(app ? { oauth_client: { client_id: app.client_id, client_secret: app.client_secret, redirect_uri: app.redirect_uri } } : {}),
    },
  };
}
