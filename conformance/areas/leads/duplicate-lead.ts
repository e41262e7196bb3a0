// Spec 7.3 `duplicate_lead` (409): a contact has at most one open lead in a pipeline. Creating a
// second is refused; once the first is closed a new one is taken. A change must not make a second
// either: naming the contact on another open lead, reopening the closed one, or restoring an open
// one from the trash beside another, is refused too. The rule is per pipeline: an open lead in
// another pipeline does not stop a new one.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { firstPipeline } from '../../kits/pipeline-kit.ts';

export const duplicateLead: ActiveCheck = {
  kind: 'active',
  id: 'leads.duplicate-lead',
  area: 'leads',
  title:
    'a second open lead for a contact in the same pipeline answers 409 duplicate_lead, whether created, made by a PATCH (another contact, a reopened lead) or restored from the trash; once the first is won, a new one is taken',
  spec: '4.2, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const pipeline = await firstPipeline(context);
    const { won } = pipeline;
    const open = pipeline.stages.find((stage) => stage.type === 'open');
    if (!won || !open) return context.skip('the first pipeline has no won or no open stage');
    const contact = await createContact(context, 'duplicate');

    const first = await context.createLead({ pipeline_id: pipeline.id, contact_id: contact });
    // A lead made without the contact it named has no duplicate to refuse: that is leads.create-contact-id's (leads.create).
    if (first.contact_id !== contact)
      return context.skip(`a lead created with contact_id ${contact} answered contact_id ${first.contact_id}`);
    const second = await context.client.call('createLead', {
      body: { name: `conformance ${context.runId}`, pipeline_id: pipeline.id, contact_id: contact },
    });
    if (second.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: second.json.id } }));
    context.judge('leads.duplicate-lead', refusal(second, 'a second open lead for the contact'), second);
    context.judge(
      'errors.status-409',
      second.status === 409 ? undefined : `a second open lead for the contact answered ${second.status}, not 409`,
      second,
    );

    // Only the same pipeline counts: with the first lead open, a lead in another pipeline is taken.
    const elsewhere = await otherPipeline(context, pipeline.id);
    if (elsewhere) {
      const across = await context.client.call('createLead', {
        body: { name: `conformance ${context.runId}`, pipeline_id: elsewhere, contact_id: contact },
      });
      if (across.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: across.json.id } }));
      context.judge(
        'leads.duplicate-lead',
        across.status === 201
          ? undefined
          : `a lead in another pipeline, while the contact's open lead is in the first, answered ${across.status} ${across.json?.error?.code ?? ''}, not 201`,
        across,
      );
    }

    // Another contact's open lead may not be moved onto this contact while its lead is open.
    const other = await context.createLead({ pipeline_id: pipeline.id, contact_id: await createContact(context, 'other') });
    const moved = await context.client.call('updateLead', { path: { id: other.id }, body: { contact_id: contact } });
    const kept = await context.client.call('getLead', { path: { id: other.id } });
    context.judge(
      'leads.duplicate-lead-on-change',
      refusal(moved, 'a PATCH naming a contact that has an open lead in the pipeline') ??
        (kept.json?.contact_id !== other.contact_id
          ? `the refused PATCH changed the lead's contact_id to ${kept.json?.contact_id}`
          : undefined),
      moved,
    );

    context.expectStatus(await context.client.call('updateLead', { path: { id: first.id }, body: { stage_id: won.id } }), 200);
    const next = await context.client.call('createLead', {
      body: { name: `conformance ${context.runId}`, pipeline_id: pipeline.id, contact_id: contact },
    });
    if (next.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: next.json.id } }));
    context.judge(
      'leads.duplicate-lead',
      next.status === 201
        ? undefined
        : `once the contact's lead was won, a new lead answered ${next.status} ${next.json?.error?.code ?? ''}, not 201`,
      next,
    );

    // The won lead reopened beside the new open one would be a second open lead.
    const reopened = await context.client.call('updateLead', { path: { id: first.id }, body: { stage_id: open.id } });
    context.judge(
      'leads.duplicate-lead-on-change',
      refusal(reopened, 'reopening a won lead while the contact has another open lead in the pipeline'),
      reopened,
    );

    // So would an open lead brought back from the trash: the new lead goes to the trash, another is
    // made for the contact, and the first of them is restored.
    if (next.status !== 201) return;
    context.expectStatus(await context.client.call('deleteLead', { path: { id: next.json.id } }), 200);
    await context.createLead({ pipeline_id: pipeline.id, contact_id: contact });
    const restored = await context.client.call('restoreLead', { path: { id: next.json.id } });
    context.judge(
      'leads.duplicate-lead-on-change',
      refusal(restored, 'restoring an open lead while the contact has another open lead in the pipeline'),
      restored,
    );
  },
};

/** A pipeline of the workspace other than `first`, or undefined when it has one only (the pipelines route is inferred). */
async function otherPipeline(context: CheckContext, first: string): Promise<string | undefined> {
  const pipelines = await context.client.call('listPipelines');
  return pipelines.status === 200 ? pipelines.json?.data?.find((pipeline: { id: string }) => pipeline.id !== first)?.id : undefined;
}

async function createContact(context: CheckContext, label: string): Promise<string> {
  const contact = await context.client.call('createContact', { body: { name: `conformance ${context.runId} ${label}` } });
  context.expectStatus(contact, 201);
  context.cleanup(() => context.client.call('deleteContact', { path: { id: contact.json.id } }));
  return contact.json.id;
}

function refusal(answer: Exchange, what: string): string | undefined {
  return answer.status === 409 && answer.json?.error?.code === 'duplicate_lead'
    ? undefined
    : `${what} answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 409 duplicate_lead`;
}
