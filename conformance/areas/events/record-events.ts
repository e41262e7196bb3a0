// Spec 6.4 (contact.created, also for a contact made with a lead; contact.updated one per changed field, note.created, product.created,
// product.archived, task.created, task.completed) and 6.1 (the envelope of each). A webhook
// subscribed to `*` watches the actions on records of the check's own (what the patterns deliver
// is judged by webhooks.event-patterns). Deliveries are matched by the records' ids; a write the
// key may not make (403) leaves its event unjudged instead of failing a deployment for its key's scopes.
// Without a receiver the deployment reaches, the events are read from the webhook's delivery log (4.11).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { notOfferedReason, routeNotOffered } from '../../inferred-route.ts';
import type { OperationId, OperationParameters } from '../../operation-call.ts';
import { EnvelopeJudge, ENVELOPE_RULES, eventAbout, eventWaitMs, graceFor, keyIdentity, missing } from '../../kits/events-kit.ts';
import type { SeenEvent } from '../../kits/delivery-log-feed.ts';
import { withEventWebhook, type EventWebhook } from '../../kits/webhook-kit.ts';

type Watch = { all: EventWebhook; judge: EnvelopeJudge };

export const recordEvents: ActiveCheck = {
  kind: 'active',
  id: 'events.record-events',
  area: 'events',
  title: 'contacts, notes, products and tasks send their events (contact.updated once per changed field) in sound envelopes',
  spec: '6.1, 6.4',
  basis: 'documented',
  writes: true,
  async run(context) {
    const identity = await keyIdentity(context);
    await withEventWebhook(context, 'record-events', ['*'], async (all) => {
      const watch: Watch = { all, judge: new EnvelopeJudge(identity) };
      const contactId = await contactEvents(context, watch);
      if (contactId) await noteEvent(context, watch, contactId);
      await leadContactEvent(context, watch);
      await productEvents(context, watch);
      await taskEvents(context, watch);
      watch.judge.judge(
        context,
        ENVELOPE_RULES.filter((rule) => rule !== 'events.actor-system-empty-id'),
      );
    });
  },
};

/** The event of `type` about `recordId` at the `*` webhook, judged for its envelope; the problem when it did not come. */
async function expectEvent(
  context: CheckContext,
  watch: Watch,
  rule: string,
  type: string,
  recordId: string,
): Promise<SeenEvent | undefined> {
  const found = await watch.all.event(1, eventWaitMs(context), eventAbout(type, recordId));
  if (found) watch.judge.add(found, { recordId, byKey: true });
  context.judge(rule, !found && missing(`${type} about ${recordId}`, eventWaitMs(context) / 1000, watch.all));
  return found;
}

/** A write the key may make answers `status`; one it may not (401, 403) answers undefined: its events are not judged. */
async function write<Id extends OperationId>(
  context: CheckContext,
  operation: Id,
  parameters: OperationParameters<Id>,
  status: number,
): Promise<any> {
  return writeAnswered(context, await context.client.call(operation, parameters), status);
}

function writeAnswered(context: CheckContext, answer: Exchange, status: number): any {
  if (answer.status === 401 || answer.status === 403) return undefined;
  context.expectStatus(answer, status);
  return answer.json;
}

/** A contact created, then a PATCH changing its name and phones and sending its email unchanged: two contact.updated. */
async function contactEvents(context: CheckContext, watch: Watch): Promise<string | undefined> {
  const email = `conformance-${context.runId}-events@example.com`;
  const contact = await write(context, 'createContact', { body: { name: `conformance ${context.runId} events`, emails: [email] } }, 201);
  if (!contact) return undefined;
  context.cleanup(() => context.client.call('deleteContact', { path: { id: contact.id } }));
  await expectEvent(context, watch, 'events.contact-created', 'contact.created', contact.id);
  const phone = `+99890${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const patched = await write(
    context,
    'updateContact',
    { path: { id: contact.id }, body: { name: `conformance ${context.runId} events renamed`, phones: [phone], emails: [email] } },
    200,
  );
  if (!patched) return contact.id;
  const updates = await countUpdates(context, watch, contact.id, 2);
  const seen = updates.length;
  const where = watch.all.seenAt === 'log' ? " (as the webhook's delivery log shows)" : '';
  for (const update of updates) watch.judge.add(update, { recordId: contact.id, byKey: true });
  context.judge(
    'events.contact-updated-per-field',
    seen < 2 && `a PATCH changing name and phones sent ${seen} contact.updated${where}, not one per changed field (2)`,
  );
  context.judge(
    'events.contact-updated-unchanged-field',
    seen > 2 &&
      `a PATCH changing name and phones and sending the email it already had sent ${seen} contact.updated${where}, not 2: the unchanged email counted as a change`,
  );
  return contact.id;
}

/** A contact created together with a lead (spec 4.2 `contact`) is a contact created: contact.created comes for it too. */
async function leadContactEvent(context: CheckContext, watch: Watch): Promise<void> {
  const phone = `+99891${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  // A key without contacts:write, or a workspace without a pipeline, makes no such contact: nothing to judge then.
  const answer = await context.client.call('createLead', {
    body: { name: `conformance ${context.runId} events`, contact: { name: `conformance ${context.runId} lead contact`, phone } },
  });
  if (answer.status !== 201 || typeof answer.json?.contact_id !== 'string') return;
  context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
  context.cleanup(() => context.client.call('deleteContact', { path: { id: answer.json.contact_id } }));
  await expectEvent(context, watch, 'events.contact-created', 'contact.created', answer.json.contact_id);
}

/** The contact.updated events about the contact: waits for `expected`, then a moment for any more. */
async function countUpdates(context: CheckContext, watch: Watch, contactId: string, expected: number): Promise<SeenEvent[]> {
  await watch.all.event(expected, eventWaitMs(context), eventAbout('contact.updated', contactId));
  await graceFor(context, 'contact.updated about the contact');
  // Spec 6.3: "At-least-once: duplicates possible; deduplicate by Svc-Event-Id": events are counted, not deliveries.
  const seen = await watch.all.events(eventAbout('contact.updated', contactId));
  return seen.filter(
    (event, index) => event.json?.id === undefined || seen.findIndex((other) => other.json?.id === event.json.id) === index,
  );
}

async function noteEvent(context: CheckContext, watch: Watch, contactId: string): Promise<void> {
  const note = await write(
    context,
    'createNote',
    { body: { entity_type: 'contact', entity_id: contactId, text: `conformance ${context.runId}: a note for the events check` } },
    201,
  );
  if (!note) return;
  context.cleanup(() => context.client.call('deleteNote', { path: { id: note.id } }));
  await expectEvent(context, watch, 'events.note-created', 'note.created', note.id);
}

async function productEvents(context: CheckContext, watch: Watch): Promise<void> {
  const product = await write(context, 'createProduct', { body: { name: `conformance ${context.runId} events`, price: 100 } }, 201);
  if (!product) return;
  context.cleanup(() => context.client.call('deleteProduct', { path: { id: product.id } }));
  await expectEvent(context, watch, 'events.product-created', 'product.created', product.id);
  // Spec 2.8 gives products an `archived` flag; how one is archived is not shown (the rule's reading).
  if (await write(context, 'updateProduct', { path: { id: product.id }, body: { archived: true } }, 200))
    await expectEvent(context, watch, 'events.product-archived', 'product.archived', product.id);
}

async function taskEvents(context: CheckContext, watch: Watch): Promise<void> {
  const assignee = await someMember(context);
  if (!assignee) return;
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const task = await write(
    context,
    'createTask',
    { body: { title: `conformance ${context.runId} events`, due_at: due, assignee_id: assignee } },
    201,
  );
  if (!task) return;
  context.cleanup(() => context.client.call('deleteTask', { path: { id: task.id } }));
  await expectEvent(context, watch, 'events.task-created', 'task.created', task.id);
  const completed = await context.client.call('completeTask', { path: { id: task.id }, body: {} });
  if (routeNotOffered(context, completed)) return context.skipRule('events.task-completed', notOfferedReason(completed));
  if (writeAnswered(context, completed, 200)) await expectEvent(context, watch, 'events.task-completed', 'task.completed', task.id);
}

/** A member to assign a task to (an API key's task needs an assignee, spec 4.10): the key's own member, else the first active one. */
async function someMember(context: CheckContext): Promise<string | undefined> {
  const members = await context.client.call('listMembers');
  if (members.status !== 200) return undefined;
  const list: any[] = members.json?.data ?? [];
  return (list.find((member) => member.is_me) ?? list.find((member) => member.status === 'active'))?.id;
}
