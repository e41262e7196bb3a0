// Spec 2.13 and 4.11: filters `pipeline_ids`, `stage_ids`, `owner_ids` (and `channels`); "a filter
// applies only to events that carry the matching field (`pipeline_id`, `stage_id`, `owner_id`,
// `channel`); other events pass". One filtered webhook, one unfiltered watcher, and leads made so
// that each is kept out by exactly one filter: another open stage of the listed pipeline (stage),
// the listed stage's twin in a second pipeline whose first stage is listed too (pipeline), another
// member as owner (owner). A note on the passing lead is an event without any of the fields
// (note.created carries `entity_id`): it passes. What is kept out is judged once the watcher has
// every event, after a moment more, on the receiver and in the filtered webhook's deliveries.
// Without a second pipeline with an open stage, or a second member, the check skips saying so.
// Without a receiver the deployment reaches, both webhooks point at a URL that reaches no one and
// what each got is read from its delivery log (4.11).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { allDeliveries, settle, withEventWebhook, type EventWebhook } from '../../kits/webhook-kit.ts';

type Setting = { pipelineId: string; stageId: string; ownerId: string };
type Scene = {
  pass: Setting;
  stageOut: Setting;
  pipelineOut: Setting;
  ownerOut: Setting;
  filters: { pipeline_ids: string[]; stage_ids: string[]; owner_ids: string[] };
};

export const eventFilters: ActiveCheck = {
  kind: 'active',
  id: 'webhooks.event-filters',
  area: 'webhooks',
  title:
    'filters on pipeline, stage and owner keep out the events whose field is not listed, and let through listed ones and events without the field',
  spec: '2.13, 4.11',
  basis: 'documented',
  writes: true,
  async run(context) {
    const scene = await sceneOf(context);
    const events = ['lead.created', 'note.created'];
    await withEventWebhook(context, 'filters', { events, filters: scene.filters }, async (filtered) => {
      await withEventWebhook(context, 'filters-watcher', events, async (watcher) => {
        const leadOf = async (setting: Setting): Promise<string> =>
          (await context.createLead({ pipeline_id: setting.pipelineId, stage_id: setting.stageId, owner_id: setting.ownerId })).id;
        const passing = await leadOf(scene.pass);
        const kept = {
          stage: await leadOf(scene.stageOut),
          pipeline: await leadOf(scene.pipelineOut),
          owner: await leadOf(scene.ownerOut),
        };
        const note = await context.client.call('createNote', {
          body: { entity_type: 'lead', entity_id: passing, text: `conformance ${context.runId} event-filters` },
        });
        context.expectStatus(note, 201);
        const noteId: string = note.json.id;

        // The watcher has no filter: every event comes to it, with its id.
        const ids = new Map<string, string>();
        for (const recordId of [passing, kept.stage, kept.pipeline, kept.owner, noteId]) {
          const event = await watcher.event(1, context.target.mock ? 5_000 : 30_000, about(recordId));
          ids.set(
            recordId,
            event?.json?.id ??
              context.fail(
                `the unfiltered webhook's event of ${recordId} did not come (${watcher.seenAt === 'log' ? 'in its delivery log' : 'to the receiver'})`,
              ),
          );
        }
        const arrived = async (recordId: string) =>
          (await filtered.event(1, context.target.mock ? 2_000 : 20_000, about(recordId))) !== undefined;
        const passed = await arrived(passing);
        const notePassed = await arrived(noteId);
        await settle(context.target.mock ? 200 : 2_000);
        const reached = await reachedFiltered(context, filtered, ids);
        const judgeFilter = (rule: string, what: string, recordId: string) => {
          const problem = !passed
            ? `a lead matching every filter (pipeline ${scene.pass.pipelineId}, stage ${scene.pass.stageId}, owner ${scene.pass.ownerId}) did not reach the filtered webhook`
            : reached.has(recordId)
              ? `a lead whose ${what} is not in the ${what} filter reached the filtered webhook${filtered.seenAt === 'log' ? ' (its delivery log shows it)' : ''}`
              : undefined;
          context.judge(rule, problem);
        };
        judgeFilter('webhooks.filter-stage', 'stage', kept.stage);
        judgeFilter('webhooks.filter-pipeline', 'pipeline', kept.pipeline);
        judgeFilter('webhooks.filter-owner', 'owner', kept.owner);
        context.judge(
          'webhooks.filter-others-pass',
          notePassed
            ? undefined
            : 'note.created, which carries no pipeline_id, stage_id or owner_id, did not reach the webhook with those filters: a filter applies only to events that carry its field',
        );
      });
    });
  },
};

const about = (recordId: string) => (request: SeenEvent) => request.json?.data?.object?.id === recordId;

/** The record ids whose events reached the filtered webhook, on its receiver or in its deliveries list. */
async function reachedFiltered(context: CheckContext, filtered: EventWebhook, ids: Map<string, string>): Promise<Set<string>> {
  const listed = new Set((await allDeliveries(context, filtered.id)).map((delivery) => delivery.event_id));
  const seen = await filtered.events(() => true);
  return new Set([...ids].filter(([recordId, eventId]) => listed.has(eventId) || seen.some(about(recordId))).map(([recordId]) => recordId));
}

/** The pipelines, stages and members the leads are made of; skips without the pipelines route or two open stages. */
async function sceneOf(context: CheckContext): Promise<Scene> {
  const pipelines = await context.client.call('listPipelines');
  if (pipelines.status !== 200) context.skip('the pipelines route (inferred) does not answer: stage ids are unknown');
  const openStages = (pipeline: any): string[] =>
    (pipeline?.stages ?? []).filter((stage: any) => stage.type === 'open').map((stage: any) => stage.id);
  const [first, second] = pipelines.json.data as any[];
  const [firstStage, otherStage] = openStages(first);
  if (!firstStage || !otherStage) context.skip('the first pipeline has fewer than two open stages');
  const members = await context.client.call('listMembers');
  const active =
    members.status === 200
      ? (members.json?.data ?? []).filter((member: any) => member.status === undefined || member.status === 'active')
      : [];
  const me = active.find((member: any) => member.is_me) ?? active[0];
  if (!me) context.skip('the members route does not answer with a member to own the leads');
  const otherMember = active.find((member: any) => member.id !== me.id);
  if (!otherMember) context.skip('the workspace has one member: no lead of another owner can be made');
  const secondStage = openStages(second)[0];
  if (!secondStage) context.skip('the workspace has no second pipeline with an open stage: no lead of another pipeline can be made');
  const pass = { pipelineId: first.id, stageId: firstStage, ownerId: me.id };
  return {
    pass,
    stageOut: { ...pass, stageId: otherStage },
    pipelineOut: { pipelineId: second.id, stageId: secondStage, ownerId: me.id },
    ownerOut: { ...pass, ownerId: otherMember.id },
    filters: { pipeline_ids: [first.id], stage_ids: [firstStage, secondStage], owner_ids: [me.id] },
  };
}
