// Spec 5.1: `leads:write` includes `leads:read`, and grants nothing else (a missing scope answers
// 403 missing_scope naming it). It takes a key with leads:write alone: a crmkit mock makes one
// through its control API; a deployment's keys are made in its web app, so the check skips there.
import type { ActiveCheck } from '../../check.ts';
import type { Exchange } from '../../exchange.ts';
import { answerOf } from '../../kits/conventions-kit.ts';
import { controlCall } from '../../mock-control.ts';

export const writeIncludesRead: ActiveCheck = {
  kind: 'active',
  id: 'auth.write-includes-read',
  area: 'auth',
  title: 'a key with leads:write alone lists and reads leads, and gets 403 missing_scope contacts:read for contacts',
  spec: '5.1',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock =
      context.target.mock ??
      context.skip("needs a key with leads:write and without leads:read, which only a crmkit mock's control API can make");
    const lead = await context.createLead();
    const made = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/api-keys`, {
      scopes: ['leads:write'],
      role: 'manager',
      name: `conformance ${context.runId} leads:write`,
    });
    const key: string = made.key;
    const reads: [string, () => Promise<Exchange>][] = [
      ['/v1/leads?limit=1', () => context.client.call('listLeads', { key, query: { limit: 1 } })],
      [`/v1/leads/${lead.id}`, () => context.client.call('getLead', { key, path: { id: lead.id } })],
    ];
    for (const [path, ask] of reads) {
      const read = await ask();
      context.judge(
        'auth.write-includes-read',
        read.status === 200 ? undefined : `GET ${path} with a leads:write key answered ${answerOf(read)}`,
        read,
      );
    }
    const contacts = await context.client.call('listContacts', { key, query: { limit: 1 } });
    const refused = contacts.status === 403 && contacts.json?.error?.code === 'missing_scope';
    context.judge(
      'auth.write-not-other-scopes',
      refused ? undefined : `GET /v1/contacts with a leads:write key answered ${answerOf(contacts)}, not 403 missing_scope`,
      contacts,
    );
    if (refused)
      context.judge(
        'auth.missing-scope',
        contacts.json.error.scope === 'contacts:read' ? undefined : `missing_scope names ${contacts.json.error.scope}, not contacts:read`,
        contacts,
      );
  },
};
