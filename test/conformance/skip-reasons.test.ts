// Skip reasons that state the real cause (issue 25, item 5): members listed but none marked
// `is_me` is said so, not "needs two members"; a members list that does not answer (a key without
// users:read) is said so, not "no active member"; a key lacking users:read against a stand-in (a deployment seen from outside).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { CheckSkipped } from '../../conformance/check.ts';
import type { CheckContext } from '../../conformance/context.ts';
import { myMemberId } from '../../conformance/kits/conversations-kit.ts';
import { runConformance } from '../../conformance/run.ts';
import { startServer, type RunningServer } from '../../src/adapters/node-server.ts';
import { API_KEY_SCOPES } from '../../src/auth/api-key.ts';
import { prepareStandIn } from '../../src/cli/stand-in.ts';
import { createMock } from '../../src/mock.ts';
import { addApiKey } from '../../src/workspaces/create-workspace.ts';

let server: RunningServer;
let keyOf: (name: string, scopes: string[]) => string;
let inputs: Awaited<ReturnType<typeof prepareStandIn>>['inputs'];

beforeAll(async () => {
  const mock = createMock({ controlApi: false });
  server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  const standIn = await prepareStandIn(mock.state, mock.state.config.urls);
  inputs = standIn.inputs;
  keyOf = (name, scopes) =>
    addApiKey(mock.state, standIn.workspace, { name, scopes: scopes as (typeof API_KEY_SCOPES)[number][], role: 'owner' }).key;
}, 300_000);
afterAll(async () => server?.close());

async function skipOf(check: string, apiKey: string): Promise<string | undefined> {
  const report = await runConformance({ ...targetOptionsOf({ ...inputs, api_key: apiKey }), only: [check] });
  const result = report.results.find((candidate) => candidate.id === check)!;
  expect(result.outcome).toBe('skipped');
  return result.message;
}

describe('a skip says its real cause', () => {
  it('members listed, none is_me: "none with is_me", with how many are listed', async () => {
    // The conversation checks run only on a mock, whose provisioned key is a member's: the members list is given here as a deployment would answer it.
    const listed = { status: 200, json: { data: [{ id: 'mb_1', is_me: false }, { id: 'mb_2', is_me: false }, { id: 'mb_3' }] } };
    const context = {
      client: { call: async () => listed },
      skip: (reason: string) => {
        throw new CheckSkipped(reason);
      },
    } as unknown as CheckContext;
    await expect(myMemberId(context)).rejects.toThrow(
      new CheckSkipped("needs the caller's own member: GET /v1/members lists 3, none with is_me (the key acts for no member)"),
    );
  });

  it('a members list the key may not read: its status, not "no active member"', async () => {
    const message = await skipOf(
      'tasks.task-filters',
      keyOf(
        'QA no users:read',
        API_KEY_SCOPES.filter((scope) => scope !== 'users:read'),
      ),
    );
    expect(message).toBe("needs the workspace's members: GET /v1/members answered 403 (the key lacks users:read?)");
  });
});
