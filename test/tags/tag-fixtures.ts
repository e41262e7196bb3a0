// What the tag tests share: a fresh workspace, leads put straight into its table (so the tag
// rules are proved without the lead routes), keys of a role and scopes, and a record context
// for calling the shared record rule directly, inside a transaction as a request would.
import type { HandlerContext } from '../../src/http/handler.ts';
import { recordContext, type RecordContext } from '../../src/resources/records/record-context.ts';
import type { StoredLead } from '../../src/resources/leads/lead-record.ts';
import type { Workspace } from '../../src/workspaces/workspace.ts';
import { storedLead } from '../support/stored-lead.ts';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

export type TagWorld = {
  setup: Setup;
  created: any;
  workspace: Workspace;
  key: string;
  call(method: string, path: string, body?: unknown, key?: string): Promise<Answer>;
  insertLead(tags: string[], extra?: Partial<StoredLead>): Promise<StoredLead>;
  lead(id: string): StoredLead;
  newKey(role: string, scopes: string[]): Promise<string>;
  /** Runs `work` as the holder of `key` would inside a request: one transaction of the workspace. */
  asCaller<T>(key: string, work: (context: RecordContext) => Promise<T>): Promise<T>;
};

let shared: Setup | undefined;

export async function tagWorld(): Promise<TagWorld> {
  const setup = (shared ??= await setUpMock());
  const created = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  const workspace = setup.mock.state.workspaces.get(created.workspace.id)!;
  const key: string = created.api_key;
  return {
    setup,
    created,
    workspace,
    key,
    call: (method, path, body, asKey = key) => call(setup.mock, method, path, { key: asKey, body }),
    insertLead: (tags, extra = {}) => workspace.tables.leads.insert(storedLead(workspace, { tags, ...extra })),
    lead: (id) => workspace.tables.leads.get(id)!,
    async newKey(role, scopes) {
      const answer = await call(setup.mock, 'POST', `/_mock/workspaces/${workspace.id}/api-keys`, { body: { role, scopes } });
      return answer.body.key;
    },
    asCaller(asKey, work) {
      return workspace.transactions.run(() => work(recordContext(handlerContext(setup, asKey))));
    },
  };
}

function handlerContext(setup: Setup, key: string): HandlerContext {
  const { state } = setup.mock;
  const found = state.findCredential(key);
  if (found?.credential.kind !== 'api_key') throw new Error('no such API key');
  const { apiKey } = found.credential;
  return {
    request: new Request('http://127.0.0.1/'),
    requestId: 'req_test',
    operation: undefined as never,
    input: { path: {}, query: {}, body: undefined },
    state,
    caller: {
      kind: 'api_key',
      apiKey,
      workspace: found.workspace,
      scopes: apiKey.scopes,
      memberId: apiKey.memberId,
      actor: { type: 'api_key', id: apiKey.id },
    },
  };
}

/** Adds tags to the catalog through the route, as the owner. */
export async function addTags(world: TagWorld, names: string[]): Promise<any[]> {
  const tags = [];
  for (const name of names) tags.push((await world.call('POST', '/v1/tags', { name })).body);
  return tags;
}

export const names = (count: number, prefix = 't') => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
