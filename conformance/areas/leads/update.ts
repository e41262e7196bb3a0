// Spec 2.1, 2.3, 3 and 4.2 "Update lead", "Delete": a PATCH changes only the fields sent, `null`
// clears owner, contact and company (one PATCH each, so that each is judged alone), stage moves
// follow part 3 (open stage: `stage_entered_at` updated; won and lost close it; a stage of
// another pipeline is refused; a stage sent again keeps `stage_entered_at`; a new pipeline alone never
// leaves the lead in a stage of the old one), and delete answers `{ok: true, id}`. Moving a closed lead back
// to an open stage is not shown: the catalog gives that rule a reading.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import {
  createCompany,
  createContact,
  differs,
  differsInKeys,
  fewerMembers,
  members,
  refusedNaming,
  runTags,
} from '../../kits/lead-kit.ts';

type Stage = { id: string; type: 'open' | 'won' | 'lost' };
type Pipeline = { id: string; stages: Stage[] };

export const updateLeadCheck: ActiveCheck = {
  kind: 'active',
  id: 'leads.update',
  area: 'leads',
  title:
    'a PATCH changes only the fields sent, null clears owner, contact and company, stage moves follow part 3, and delete answers {ok: true, id}',
  spec: '2.1, 2.3, 3, 4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipelines = await context.client.call('listPipelines');
    if (pipelines.status !== 200 || !pipelines.json.data?.length)
      context.skip('the pipelines route (inferred) lists no pipeline: stage ids are unknown');
    const [first, second] = pipelines.json.data as Pipeline[];
    const { me, other, listed } = await members(context);
    if (!me || !other) return context.skip(`needs two active members to own the lead: ${fewerMembers(listed, me)}`);
    const [company, otherCompany] = [await createCompany(context, 'lead company'), await createCompany(context, 'lead company 2')];
    const [contact, otherContact] = [await createContact(context, 'lead main'), await createContact(context, 'lead main 2')];
    const lead = await context.createLead({
      pipeline_id: first!.id,
      owner_id: other.id,
      contact_id: contact.id,
      company_id: company.id,
      amount: 1000,
      source: 'website',
    });
    context.judge('leads.create-company-id', differs('company_id', lead.company_id, company.id));
    context.judge('leads.company-object', differs('company.id', lead.company?.id, company.id));

    const changed = await judgeFieldChanges(context, lead, { owner: me, contact: otherContact, company: otherCompany });
    await judgeNullClears(context, changed);
    await judgeStageMoves(context, changed, first!, second);
    const deleted = await context.client.call('deleteLead', { path: { id: lead.id } });
    // Spec 4.2 states `{ok: true, id}`; other fields may come (spec 9).
    const confirmation = differsInKeys('the delete answer', deleted.json, { ok: true, id: lead.id });
    context.judge('leads.delete-confirmation', deleted.status !== 200 ? `DELETE answered ${deleted.status}` : confirmation, deleted);
  },
};

async function patch(context: CheckContext, id: string, body: OperationParameters<'updateLead'>['body']): Promise<Exchange> {
  const answer = await context.client.call('updateLead', { path: { id }, body });
  if (answer.status !== 200)
    context.fail(`PATCH ${JSON.stringify(body)} answered ${answer.status} ${answer.json?.error?.code ?? ''}`, answer);
  return answer;
}

/** Every plain field sent once; nothing else changes. */
async function judgeFieldChanges(
  context: CheckContext,
  lead: any,
  to: { owner: { id: string; name: string }; contact: { id: string }; company: { id: string } },
): Promise<any> {
  const tags = await runTags(context, ['upd']);
  const sent = {
    name: `conformance ${context.runId} renamed`,
    amount: 2500,
    currency: 'USD',
    source: 'instagram',
    utm: { utm_source: 'newsletter' },
    ...(tags.length ? { tags } : {}),
    position: 7.25,
    owner_id: to.owner.id,
    contact_id: to.contact.id,
    company_id: to.company.id,
  };
  await new Promise((resolve) => setTimeout(resolve, 5));
  const answer = await patch(context, lead.id, sent);
  const updated = answer.json;
  context.judge(
    'leads.update-fields',
    Object.entries(sent)
      .map(([field, value]) => differs(field, updated[field], value))
      .filter(Boolean)
      .join('; ') || undefined,
    answer,
  );
  const owner = { id: to.owner.id, name: to.owner.name };
  context.judge('leads.owner-object', differsInKeys('owner after a PATCH', updated.owner, owner), answer);
  const kept = [
    'id',
    'number',
    'pipeline_id',
    'stage_id',
    'referrer',
    'landing_page',
    'custom',
    'stage_entered_at',
    'closed_at',
    'created_at',
  ];
  context.judge(
    'leads.update-only-sent',
    kept
      .map((field) => differs(field, updated[field], lead[field]))
      .filter(Boolean)
      .join('; ') || undefined,
    answer,
  );
  context.judge(
    'leads.times',
    Date.parse(updated.updated_at) > Date.parse(lead.updated_at)
      ? undefined
      : `updated_at ${updated.updated_at} did not move forward from ${lead.updated_at}`,
    answer,
  );
  return updated;
}

/** `null` clears each reference, one PATCH each; the others stay. */
async function judgeNullClears(context: CheckContext, lead: any): Promise<void> {
  const references = ['owner_id', 'contact_id', 'company_id'] as const;
  const cleared: string[] = [];
  for (const field of references) {
    const answer = await patch(context, lead.id, { [field]: null });
    cleared.push(field);
    const shown = field.replace(/_id$/, '');
    const expected = references.map((name) => (cleared.includes(name) ? null : lead[name]));
    const problem =
      differs(
        `${references.join(', ')} after ${field}: null`,
        references.map((name) => answer.json[name]),
        expected,
      ) ?? differs(shown, answer.json[shown], null);
    context.judge(`leads.update-null-clears-${shown}`, problem, answer);
  }
}

/** Part 3: open stage, another pipeline, a stage of another pipeline, won, back to open, lost. */
async function judgeStageMoves(context: CheckContext, lead: any, first: Pipeline, second: Pipeline | undefined): Promise<void> {
  const open = first.stages.filter((stage) => stage.type === 'open');
  const won = first.stages.find((stage) => stage.type === 'won');
  const lost = first.stages.find((stage) => stage.type === 'lost');
  if (open.length < 2 || !won || !lost) context.skip('the first pipeline lacks two open stages, a won and a lost one');
  await new Promise((resolve) => setTimeout(resolve, 5));
  const moved = await patch(context, lead.id, { stage_id: open[1]!.id });
  const entered = Date.parse(moved.json.stage_entered_at) > Date.parse(lead.stage_entered_at);
  context.judge(
    'leads.move-open-stage',
    differs('stage_id and closed_at', [moved.json.stage_id, moved.json.closed_at], [open[1]!.id, null]) ??
      (entered ? undefined : 'stage_entered_at was not updated'),
    moved,
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  // The stage the lead is in, sent again, is no new stage: the lead entered it once (spec 2.3, 3).
  const again = await patch(context, lead.id, { stage_id: open[1]!.id });
  const kept =
    Date.parse(again.json.stage_entered_at) === Date.parse(moved.json.stage_entered_at)
      ? undefined
      : `the stage the lead was in, sent again, moved stage_entered_at from ${moved.json.stage_entered_at} to ${again.json.stage_entered_at}`;
  context.judge(
    'leads.stage-entered-at',
    entered ? kept : `stage_entered_at ${moved.json.stage_entered_at} not after ${lead.stage_entered_at}`,
    entered ? again : moved,
  );
  if (second?.stages[0]) {
    const refused = await context.client.call('updateLead', { path: { id: lead.id }, body: { stage_id: second.stages[0].id } });
    const after = await context.client.call('getLead', { path: { id: lead.id } });
    context.judge(
      'leads.move-stage-of-other-pipeline',
      refusedNaming(refused, 'stage_id') ?? differs('stage_id after the refused move', after.json?.stage_id, open[1]!.id),
      refused,
    );
    const across = await patch(context, lead.id, { pipeline_id: second.id, stage_id: second.stages[0].id });
    context.judge(
      'leads.move-pipeline',
      differs('pipeline_id and stage_id', [across.json.pipeline_id, across.json.stage_id], [second.id, second.stages[0].id]),
      across,
    );
    await judgePipelineOnly(context, lead.id, [first, second]);
  }
  const closed = await patch(context, lead.id, { pipeline_id: first.id, stage_id: won.id });
  context.judge('leads.won-closes', closed.json.closed_at ? undefined : 'a lead moved into a won stage has no closed_at', closed);
  const reopened = await patch(context, lead.id, { stage_id: open[0]!.id });
  context.judge('leads.reopen', differs('closed_at of a lead moved back to an open stage', reopened.json.closed_at, null), reopened);
  const lostAnswer = await patch(context, lead.id, { stage_id: lost.id, loss_reason: 'too expensive' });
  context.judge(
    'leads.lost-closes',
    (lostAnswer.json.closed_at ? undefined : 'a lead moved into a lost stage has no closed_at') ??
      differs('loss_reason', lostAnswer.json.loss_reason, 'too expensive'),
    lostAnswer,
  );
}

/**
 * Spec 2.3: a lead's stage belongs to its pipeline. Where a PATCH with only `pipeline_id` puts the
 * lead is not shown: moved or refused, the lead must never sit in a stage of another pipeline.
 */
async function judgePipelineOnly(context: CheckContext, leadId: string, pipelines: Pipeline[]): Promise<void> {
  await context.client.call('updateLead', { path: { id: leadId }, body: { pipeline_id: pipelines[0]!.id } });
  const read = await context.client.call('getLead', { path: { id: leadId } });
  if (read.status !== 200) return context.skipRule('leads.stage-of-pipeline', `reading the lead answered ${read.status}`);
  const lead = read.json;
  const pipeline = pipelines.find((candidate) => candidate.id === lead.pipeline_id);
  const problem =
    pipeline && !pipeline.stages.some((stage) => stage.id === lead.stage_id)
      ? `after a PATCH with only pipeline_id ${pipelines[0]!.id}, the lead is in pipeline ${lead.pipeline_id} but in stage ${lead.stage_id}, not one of its stages`
      : undefined;
  context.judge('leads.stage-of-pipeline', problem, read);
}
