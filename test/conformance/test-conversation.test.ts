// The inputs' test conversation on a deployment stand-in (conformance/kits/test-conversation.ts): a
// check that sends to it or changes its state puts its status, snooze and assignee back as they were,
// both when it ends well (conversations.send, conversations.states) and when it fails half-way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveCheck } from '../../conformance/check.ts';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { keepingConversation } from '../../conformance/kits/test-conversation.ts';
import { runConformance } from '../../conformance/run.ts';
import { targetOptionsOf } from '../../harness/inputs.ts';
import { startStandIn, type StandIn } from '../support/stand-in.ts';

let standIn: StandIn;
const api = (method: string, path: string, body?: unknown) =>
  fetch(`${standIn.inputs.base_url}${path}`, {
    method,
    headers: { authorization: `Bearer ${standIn.inputs.api_key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((response) => response.json() as Promise<any>);
const conversation = () => api('GET', `/v1/conversations/${standIn.inputs.conversation_id}`);
const kept = (c: any) => ({ status: c.status, snoozed_until: c.snoozed_until && Date.parse(c.snoozed_until), assignee_id: c.assignee_id });

/** Snoozed for two days and assigned to the owner's member: a state every check must leave as it found it. */
async function snoozedAndAssigned(): Promise<any> {
  const me = (await api('GET', '/v1/members')).data.find((member: any) => member.is_me).id;
  const id = standIn.inputs.conversation_id;
  await api('POST', `/v1/conversations/${id}/assign`, { assignee_id: me });
  await api('POST', `/v1/conversations/${id}/snooze`, { until: new Date(Date.now() + 2 * 86_400_000).toISOString() });
  return conversation();
}

beforeAll(async () => {
  standIn = await startStandIn();
}, 60_000);
afterAll(() => standIn.server.close());

describe("the inputs' test conversation", () => {
  it('is put back by conversations.send and conversations.states, which judge their rules on it', async () => {
    const before = await snoozedAndAssigned();
    expect(before.status).toBe('snoozed');
    const report = await runConformance({ ...targetOptionsOf(standIn.inputs), only: ['conversations.send', 'conversations.states'] });
    expect(report.results.map((result) => `${result.id} ${result.outcome}`)).toEqual([
      'conversations.send passed',
      'conversations.states passed',
    ]);
    const judged = report.rules.filter((rule) => rule.outcome === 'passed').map((rule) => rule.id);
    expect(judged).toEqual(expect.arrayContaining(['conversations.snooze', 'conversations.unassign', 'conversations.send-queued']));
    expect(kept(await conversation())).toEqual(kept(before));
  }, 60_000);

  it('is put back by a check that fails half-way', async () => {
    const before = await snoozedAndAssigned();
    const id = standIn.inputs.conversation_id!;
    const failing: ActiveCheck = {
      ...ALL_CHECKS.find((check) => check.id === 'conversations.states')!,
      kind: 'active',
      writes: true,
      async run(context) {
        await keepingConversation(context, id, async () => {
          await context.client.send('POST', `/v1/conversations/${id}/assign`, { body: { assignee_id: null } });
          await context.client.send('POST', `/v1/conversations/${id}/resolve`, { body: {} });
          context.fail('a step failed on purpose');
        });
      },
    };
    const report = await runConformance({ ...targetOptionsOf(standIn.inputs), checks: [failing] });
    expect(report.results[0]).toMatchObject({ outcome: 'failed', message: 'a step failed on purpose' });
    expect(kept(await conversation())).toEqual(kept(before));
  }, 60_000);
});
