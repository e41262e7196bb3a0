// Spec 6.4 (lead.created, lead.stage_changed, lead.won, lead.lost), 6.1 (the envelope, the fields
// of lead.stage_changed, event ids of their own) and 6.3 (occurred_at orders one record's events). One webhook subscribed to `lead.*`
// watches two leads of the check's own: one created, moved to another open stage, then won; one
// moved straight into a lost stage with its loss reason. Deliveries are matched by the leads' ids
// (the workspace may send other events) and may come before the answer that caused them. Without
// a receiver the deployment reaches, the events are read from the webhook's delivery log (4.11).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { EnvelopeJudge, ENVELOPE_RULES, eventAbout, eventWaitMs, keyIdentity, missing, seenWhere } from '../../kits/events-kit.ts';
import { firstPipeline } from '../../kits/pipeline-kit.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { withEventWebhook } from '../../kits/webhook-kit.ts';

export const leadEvents: ActiveCheck = {
  kind: 'active',
  id: 'events.lead-events',
  area: 'events',
  title:
    'creating, moving, winning and losing a lead send lead.created, lead.stage_changed (from, to, pipeline_id, from_type, to_type), lead.won and lead.lost in sound envelopes',
  spec: '6.1, 6.3, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const identity = await keyIdentity(context);
    const pipeline = await firstPipeline(context);
    const open = pipeline.stages.filter((stage) => stage.type === 'open');
    if (open.length < 2 || !pipeline.won || !pipeline.lost)
      context.skip('the first pipeline needs two open stages, a won and a lost stage');
    const judge = new EnvelopeJudge(identity);
    await withEventWebhook(context, 'lead-events', ['lead.*'], async (webhook) => {
      const seconds = eventWaitMs(context) / 1000;
      const wait = async (type: string, leadId: string, nth = 1): Promise<SeenEvent | undefined> => {
        const found = await webhook.event(nth, eventWaitMs(context), eventAbout(type, leadId));
        if (found) judge.add(found, { recordId: leadId, byKey: true });
        return found;
      };

      const won = await context.createLead({ pipeline_id: pipeline.id, stage_id: open[0]!.id });
      const created = await wait('lead.created', won.id);
      context.judge('events.lead-created', !created && missing(`lead.created about ${won.id}`, seconds, webhook));

      await moveLead(context, won.id, { stage_id: open[1]!.id });
      const moved = await wait('lead.stage_changed', won.id);
      context.judge('events.lead-stage-changed', !moved && missing(`lead.stage_changed about ${won.id}`, seconds, webhook));
      if (moved) judgeStageFields(context, moved, { from: open[0]!, to: open[1]!, pipelineId: pipeline.id });

      await moveLead(context, won.id, { stage_id: pipeline.won!.id });
      const wonEvent = await wait('lead.won', won.id);
      context.judge('events.lead-won', !wonEvent && missing(`lead.won about ${won.id}`, seconds, webhook));
      const closingMove = await wait('lead.stage_changed', won.id, 2);

      const lost = await context.createLead({ pipeline_id: pipeline.id, stage_id: open[0]!.id });
      await wait('lead.created', lost.id);
      await moveLead(context, lost.id, { stage_id: pipeline.lost!.id, loss_reason: `conformance ${context.runId}` });
      const lostEvent = await wait('lead.lost', lost.id);
      context.judge('events.lead-lost', !lostEvent && missing(`lead.lost about ${lost.id}`, seconds, webhook));
      const lostMove = closingMove ? await wait('lead.stage_changed', lost.id) : undefined;
      context.judge(
        'events.lead-stage-changed-on-close',
        closeProblem(closingMove, lostMove, won.id, lost.id, (what) => missing(what, seconds, webhook)),
      );

      context.judge('events.occurred-at-order', orderProblem([created, moved, wonEvent]));
      judge.judge(
        context,
        ENVELOPE_RULES.filter((rule) => rule !== 'events.actor-system-empty-id'),
      );
    });
  },
};

async function moveLead(context: CheckContext, leadId: string, body: Record<string, unknown>): Promise<void> {
  const moved = await context.client.call('updateLead', { path: { id: leadId }, body });
  context.expectStatus(moved, 200);
}

type Stage = { id: string; type: string };

/** The five fields of lead.stage_changed (spec 6.1), each a rule. */
function judgeStageFields(context: CheckContext, moved: SeenEvent, move: { from: Stage; to: Stage; pipelineId: string }): void {
  const object = moved.json?.data?.object;
  const field = (rule: string, name: string, expected: string) =>
    context.judge(
      rule,
      object?.[name] !== expected && `lead.stage_changed${seenWhere(moved)} has ${name} ${JSON.stringify(object?.[name])}, not ${expected}`,
      moved.logged,
    );
  field('events.stage-changed-from', 'from', move.from.id);
  field('events.stage-changed-to', 'to', move.to.id);
  field('events.stage-changed-pipeline-id', 'pipeline_id', move.pipelineId);
  field('events.stage-changed-from-type', 'from_type', move.from.type);
  field('events.stage-changed-to-type', 'to_type', move.to.type);
}

function closeProblem(
  wonMove: SeenEvent | undefined,
  lostMove: SeenEvent | undefined,
  wonId: string,
  lostId: string,
  absent: (what: string) => string,
): string | undefined {
  if (!wonMove) return absent(`lead.stage_changed for the move of ${wonId} into the won stage`);
  if (!lostMove) return absent(`lead.stage_changed for the move of ${lostId} into the lost stage`);
  return undefined;
}

/** The lead's events by occurred_at follow the order of the actions: created, moved, won. */
function orderProblem(events: (SeenEvent | undefined)[]): string | undefined {
  const seen = events.filter((event): event is SeenEvent => event !== undefined);
  for (let index = 1; index < seen.length; index++) {
    const before = seen[index - 1]!.json;
    const after = seen[index]!.json;
    if (Date.parse(after?.occurred_at) < Date.parse(before?.occurred_at))
      return `${after?.type} (occurred_at ${after?.occurred_at}) is earlier than ${before?.type} (${before?.occurred_at}), an action made before it`;
  }
  return undefined;
}
