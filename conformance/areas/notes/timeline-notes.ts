// Spec 2.6, 4.5 (and the spec README's reading 1, `actor`): a note added with an API key answers
// its timeline item (kind note, the record, actor {type: api_key, id}, data {text, mentions},
// not pinned, not editable by a key, deletable with the record's write scope); the timeline
// needs entity_type and entity_id, filters by `kinds`, pages up to 250, lists newest first with
// a pinned note on top; a key cannot edit a note (nor sees one editable, on the timeline either); a deleted note leaves the timeline, and the
// record's write scope is enough to delete it (no notes:write). Scopes are judged with the
// inputs' limited keys whose whoami scopes fit (kits/limited-keys.ts), on a mock with keys it makes. Everything
// is on a lead of the run's own.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import { limitedKeyNeeded, limitedKeyWith } from '../../kits/limited-keys.ts';
import { mockKey } from '../../kits/records-kit.ts';
import { activeMembers, createRecord, refusedValue, TIMELINE_KINDS } from '../../kits/tag-kit.ts';

const ITEM_FIELDS = ['id', 'kind', 'entity_type', 'entity_id', 'actor', 'ref_id', 'data', 'pinned', 'occurred_at', 'editable', 'deletable'];

type Item = {
  id: string;
  kind: string;
  entity_type: string;
  entity_id: string;
  actor: { type: string; id: string };
  data: any;
  pinned: boolean;
  occurred_at: string;
  editable: boolean;
  deletable: boolean;
};

export const timelineNotes: ActiveCheck = {
  kind: 'active',
  id: 'notes.timeline-notes',
  area: 'notes',
  title:
    'notes answer their timeline item; the timeline needs its record, filters kinds, pages up to 250, lists newest first with pins on top; keys cannot edit notes',
  spec: '2.6, 4.5',
  basis: 'documented',
  writes: true,
  async run(context) {
    const lead = await context.createLead({ amount: 100 });
    const changedAmount = await context.client.call('updateLead', { path: { id: lead.id }, body: { amount: 250 } });
    context.expectStatus(changedAmount, 200);
    const [member] = await activeMembers(context);
    const whoami = await context.client.call('getWhoami');
    const text = `conformance ${context.runId} first note`;
    const created = await context.client.call('createNote', {
      body: { entity_type: 'lead', entity_id: lead.id, text, mentions: [member!.id] },
    });
    context.judge(
      'notes.create-answer',
      (created.status !== 201 || created.json?.kind !== 'note') &&
        `adding a note answered ${created.status} kind ${created.json?.kind}, not 201 with a note item`,
      created,
    );
    if (created.status !== 201) context.fail('a note could not be added', created, 'notes.create-answer');
    judgeNewNote(context, created, {
      leadId: lead.id,
      text,
      memberId: member!.id,
      keyId: whoami.json?.id,
      canDelete: (whoami.json?.scopes ?? ['leads:write']).includes('leads:write'),
    });
    const first: Item = created.json;
    const second = await context.client.call('createNote', {
      body: { entity_type: 'lead', entity_id: lead.id, text: `conformance ${context.runId} second note` },
    });
    context.expectStatus(second, 201);
    const timeline: TimelineQuery = { entity_type: 'lead', entity_id: lead.id };
    await judgeTimeline(context, timeline, first.id, second.json.id);
    await judgeQuery(context, timeline, lead.id);
    await judgePins(context, timeline, first.id, second.json.id);
    await judgeKeyCannotEdit(context, timeline, first.id, text);
    await judgeScopes(context, lead.id, first.id);
    await judgeDeleteWithRecordScope(context, lead.id);
    const deleted = await context.client.call('deleteNote', { path: { id: second.json.id } });
    const after = await items(context, timeline);
    context.judge(
      'notes.delete',
      (deleted.status !== 200 || after.some((item) => item.id === second.json.id)) &&
        `deleting a note answered ${deleted.status} and it is ${after.some((item) => item.id === second.json.id) ? 'still' : 'no longer'} on the timeline`,
      deleted,
    );
  },
};

type TimelineQuery = OperationParameters<'listTimeline'>['query'];

async function items(context: CheckContext, timeline: TimelineQuery): Promise<Item[]> {
  const answer = await context.client.call('listTimeline', { query: timeline });
  context.expectStatus(answer, 200);
  return answer.json?.data ?? [];
}

function judgeNewNote(
  context: CheckContext,
  created: Exchange,
  sent: { leadId: string; text: string; memberId: string; keyId: string | undefined; canDelete: boolean },
): void {
  const item: Item = created.json;
  const missing = ITEM_FIELDS.filter((field) => !(field in item));
  context.judge('notes.item-fields', missing.length > 0 && `the note item lacks ${missing.join(', ')}`, created);
  context.judge('notes.item-kinds', !TIMELINE_KINDS.includes(item.kind) && `kind ${item.kind} is not one of spec 2.6`, created);
  context.judge(
    'notes.item-entity',
    (item.entity_type !== 'lead' || item.entity_id !== sent.leadId) &&
      `the note names ${item.entity_type} ${item.entity_id}, not lead ${sent.leadId}`,
    created,
  );
  const actorProblem =
    item.actor?.type !== 'api_key' || typeof item.actor?.id !== 'string' || (sent.keyId !== undefined && item.actor.id !== sent.keyId);
  context.judge(
    'notes.item-actor-api-key',
    actorProblem && `actor is ${JSON.stringify(item.actor)}, not {type: api_key, id: ${sent.keyId}}`,
    created,
  );
  const mentions = item.data?.mentions;
  context.judge(
    'notes.item-note-data',
    (item.data?.text !== sent.text || !Array.isArray(mentions) || mentions.length !== 1 || mentions[0] !== sent.memberId) &&
      `data is ${JSON.stringify(item.data)}, not {text, mentions: [${sent.memberId}]}`,
    created,
  );
  context.judge('notes.item-pinned', item.pinned !== false && `a new note has pinned ${item.pinned}`, created);
  context.judge(
    'notes.item-editable-deletable',
    (item.editable !== false || item.deletable !== sent.canDelete) &&
      `for the key that wrote it (${sent.canDelete ? 'with' : 'without'} leads:write) the note is editable ${item.editable}, deletable ${item.deletable}; keys cannot edit notes and delete them with the record's write scope`,
    created,
  );
}

/** Both notes on the timeline, newest first, kinds of spec 2.6, the amount change as a change item. */
async function judgeTimeline(context: CheckContext, timeline: TimelineQuery, firstId: string, secondId: string): Promise<void> {
  const listed = await items(context, timeline);
  const [firstAt, secondAt] = [listed.findIndex((item) => item.id === firstId), listed.findIndex((item) => item.id === secondId)];
  context.judge('notes.create-on-timeline', (firstAt < 0 || secondAt < 0) && "the notes added are not on the lead's timeline");
  const times = listed.map((item) => Date.parse(item.occurred_at));
  const outOfOrder = times.findIndex((time, index) => index > 0 && time > times[index - 1]!);
  context.judge(
    'notes.timeline-newest-first',
    (outOfOrder > 0 || secondAt > firstAt) &&
      `the timeline is not newest first: ${listed.map((item) => `${item.kind} ${item.occurred_at}`).join(', ')}`,
  );
  const unknown = listed.find((item) => !TIMELINE_KINDS.includes(item.kind));
  context.judge('notes.item-kinds', unknown && `an item has kind ${unknown.kind}`);
  const change = listed.find((item) => item.kind === 'change' && item.data?.field === 'amount');
  // Spec 2.6 states a change item's data; that an amount change writes one is crmkit's reading.
  context.judge('notes.change-item-for-amount', !change && 'the amount change of the lead made no change item');
  if (!change) context.skipRule('notes.item-change-data', 'the amount change made no change item to judge');
  else context.judge('notes.item-change-data', changeDataProblem(change.data));
  // editable and deletable are for this caller wherever the item is shown (spec 2.6): on the
  // timeline too, a note is never editable by a key (4.5: only its author member edits it).
  const editableNote = listed.find((item) => (item.id === firstId || item.id === secondId) && item.editable !== false);
  context.judge(
    'notes.item-editable-deletable',
    editableNote && `on the timeline the key's note ${editableNote.id} is editable ${editableNote.editable}; keys cannot edit notes`,
  );
}

async function judgeQuery(context: CheckContext, timeline: TimelineQuery, leadId: string): Promise<void> {
  const notes = await items(context, { ...timeline, kinds: 'note' });
  const both = await items(context, { ...timeline, kinds: 'note,change' });
  const kindsProblem =
    notes.length < 2 || notes.some((item) => item.kind !== 'note')
      ? `kinds=note listed ${notes.map((item) => item.kind).join(', ')}`
      : !both.some((item) => item.kind === 'change') || both.some((item) => item.kind !== 'note' && item.kind !== 'change')
        ? `kinds=note,change listed ${both.map((item) => item.kind).join(', ')}`
        : undefined;
  context.judge('notes.timeline-kinds', kindsProblem);
  const onePage = await context.client.call('listTimeline', { query: { ...timeline, limit: 1 } });
  const next = onePage.json?.next_cursor
    ? await context.client.call('listTimeline', { query: { ...timeline, limit: 1, cursor: onePage.json.next_cursor } })
    : undefined;
  const large = await context.client.call('listTimeline', { query: { ...timeline, limit: 1000 } });
  const limitProblem =
    onePage.json?.data?.length !== 1 || !next || next.json?.data?.[0]?.id === onePage.json.data[0].id
      ? `limit=1 answered ${onePage.json?.data?.length} items${next ? ' and its cursor the same item again' : ' without a cursor to the next'}`
      : large.status !== 200 || large.json.data.length > 250
        ? `limit=1000 answered ${large.status} with ${large.json?.data?.length} items`
        : undefined;
  context.judge('notes.timeline-limit', limitProblem, onePage);
  const withoutId = await context.client.call('listTimeline', { query: { entity_type: 'lead' } });
  const withoutType = await context.client.call('listTimeline', { query: { entity_id: leadId } });
  const requiredProblem = refusedValue(withoutId) ?? refusedValue(withoutType);
  context.judge(
    'notes.timeline-required',
    requiredProblem && `a timeline query without entity_id or entity_type ${requiredProblem}`,
    refusedValue(withoutId) ? withoutId : withoutType,
  );
  // send, not call: entity_type=deal is a value the document does not list, sent on purpose.
  const wrongType = await context.client.send('GET', `/v1/timeline?entity_type=deal&entity_id=${leadId}`);
  const wrong = refusedValue(wrongType);
  context.judge('notes.timeline-entity-type', wrong && `entity_type=deal ${wrong}`, wrongType);
}

/** The older note pinned is first, above the newer one; unpinned, the newer one is first again. */
async function judgePins(context: CheckContext, timeline: TimelineQuery, olderId: string, newerId: string): Promise<void> {
  const pinned = await context.client.call('pinNote', { path: { id: olderId } });
  context.judge(
    'notes.item-pinned',
    (pinned.status !== 200 || pinned.json?.pinned !== true) && `pinning answered ${pinned.status} with pinned ${pinned.json?.pinned}`,
    pinned,
  );
  const onTop = await items(context, timeline);
  context.judge(
    'notes.pin-on-top',
    onTop[0]?.id !== olderId && `with the older note pinned, the timeline starts with ${onTop[0]?.kind} ${onTop[0]?.id}`,
  );
  const unpinned = await context.client.call('unpinNote', { path: { id: olderId } });
  const after = await items(context, timeline);
  const [olderAt, newerAt] = [after.findIndex((item) => item.id === olderId), after.findIndex((item) => item.id === newerId)];
  context.judge(
    'notes.unpin',
    (unpinned.status !== 200 || unpinned.json?.pinned !== false || olderAt < newerAt) &&
      `unpinning answered ${unpinned.status} with pinned ${unpinned.json?.pinned}, and the older note is at ${olderAt}, the newer at ${newerAt}`,
    unpinned,
  );
}

async function judgeKeyCannotEdit(context: CheckContext, timeline: TimelineQuery, noteId: string, text: string): Promise<void> {
  const edit = await context.client.call('updateNote', { path: { id: noteId }, body: { text: `${text} edited` } });
  const note = (await items(context, timeline)).find((item) => item.id === noteId);
  context.judge(
    'notes.api-key-cannot-edit',
    (edit.status !== 403 || note?.data?.text !== text) &&
      `an API key's edit of a note answered ${edit.status} and the text is now ${JSON.stringify(note?.data?.text)}`,
    edit,
  );
}

/**
 * Each scope rule judged with a limited key whose whoami scopes fit it (kits/limited-keys.ts): one
 * without notes:write adds and pins nothing, one without leads:write deletes no lead's note.
 */
async function judgeScopes(context: CheckContext, leadId: string, noteId: string): Promise<void> {
  const refused = (answer: Exchange) => answer.status === 403 && answer.json?.error?.code === 'missing_scope';
  const withoutNotesWrite = await limitedKeyWith(context, { lacks: ['notes:write'] });
  if (withoutNotesWrite) {
    const create = await context.client.call('createNote', {
      key: withoutNotesWrite,
      body: { entity_type: 'lead', entity_id: leadId, text: `conformance ${context.runId}` },
    });
    context.judge('notes.create-scope', !refused(create) && `a key without notes:write added a note with ${create.status}`, create);
    const pin = await context.client.call('pinNote', { path: { id: noteId }, key: withoutNotesWrite });
    context.judge('notes.pin-scope', !refused(pin) && `a key without notes:write pinned a note with ${pin.status}`, pin);
  }
  const withoutLeadsWrite = await limitedKeyWith(context, { lacks: ['leads:write'] });
  if (withoutLeadsWrite) {
    const remove = await context.client.call('deleteNote', { path: { id: noteId }, key: withoutLeadsWrite });
    context.judge(
      'notes.delete-scope',
      !refused(remove) && `a key without leads:write deleted a lead's note with ${remove.status}`,
      remove,
    );
  }
  await judgeTimelineScope(context, leadId);
}

/**
 * The record's write scope is enough to delete its note (spec 4.5): a key with leads:write but not
 * notes:write deletes a lead's note. A limited key with those scopes is used; on a mock without
 * one a key of exactly leads:read and leads:write is made; elsewhere the rule is left to the refusal side.
 */
async function judgeDeleteWithRecordScope(context: CheckContext, leadId: string): Promise<void> {
  const fit = { has: ['leads:write'], lacks: ['notes:write'] };
  const limited = await limitedKeyWith(context, fit);
  if (!limited && !context.target.mock) return;
  const key = limited ?? (await mockKey(context, ['leads:read', 'leads:write'], 'a note deleted with the record scope alone'));
  const note = await context.client.call('createNote', {
    body: { entity_type: 'lead', entity_id: leadId, text: `conformance ${context.runId} third note` },
  });
  context.expectStatus(note, 201);
  const remove = await context.client.call('deleteNote', { path: { id: note.json.id }, key });
  context.judge(
    'notes.delete-scope',
    remove.status !== 200 &&
      `a key with leads:write but not notes:write deleted a lead's note with ${remove.status} ${remove.json?.error?.code ?? ''}, not 200: the record's write scope is enough`,
    remove,
  );
}

/** A key with one read scope, the record it may read the timeline of and one it may not (type, id). */
type TimelineEntity = NonNullable<NonNullable<TimelineQuery>['entity_type']>;
type TimelineWay = { key: string; has: string; lacks: string; own: [TimelineEntity, string]; other: [TimelineEntity, string] };

/**
 * A key with one record type's read scope reads that type's timeline and is refused another's,
 * both ways round: a key with leads:read and not contacts:read, and one with contacts:read and
 * not leads:read (a limited key, or on a mock one made), which a timeline that checks leads:read
 * whatever the type refuses. A way round no key fits is not judged.
 */
async function judgeTimelineScope(context: CheckContext, leadId: string): Promise<void> {
  const leadsReader = await limitedKeyWith(context, { has: ['leads:read'], lacks: ['contacts:read'] });
  const contactsFit = { has: ['contacts:read'], lacks: ['leads:read'] };
  const contactsReader =
    (await limitedKeyWith(context, contactsFit)) ??
    (context.target.mock ? await mockKey(context, ['contacts:read'], 'a timeline read with contacts:read alone') : undefined);
  if (!leadsReader && !contactsReader) return context.skipRule('notes.timeline-scope', limitedKeyNeeded(contactsFit));
  const contact = await createRecord(context, 'contacts', {});
  const timeline = (type: TimelineEntity, id: string, key: string) =>
    context.client.call('listTimeline', { query: { entity_type: type, entity_id: id }, key });
  const refused = (answer: Exchange) => answer.status === 403 && answer.json?.error?.code === 'missing_scope';
  const ways: TimelineWay[] = [];
  if (leadsReader)
    ways.push({ key: leadsReader, has: 'leads:read', lacks: 'contacts:read', own: ['lead', leadId], other: ['contact', contact.id] });
  if (contactsReader)
    ways.push({ key: contactsReader, has: 'contacts:read', lacks: 'leads:read', own: ['contact', contact.id], other: ['lead', leadId] });
  for (const way of ways) {
    const own = await timeline(...way.own, way.key);
    const other = await timeline(...way.other, way.key);
    const problem =
      (own.status !== 200 || !refused(other)) &&
      `a key with ${way.has} but not ${way.lacks} read a ${way.own[0]}'s timeline with ${own.status} and a ${way.other[0]}'s with ${other.status}`;
    context.judge('notes.timeline-scope', problem, own.status !== 200 ? own : other);
  }
}

/** A change item's data (spec 2.6: field, label, from, to) about the amount moved from 100 to 250. */
function changeDataProblem(data: Record<string, unknown>): string | undefined {
  if (['field', 'label', 'from', 'to'].some((key) => !(key in data))) return `the change item's data is ${JSON.stringify(data)}`;
  return data.from !== 100 || data.to !== 250 ? `the change item says from ${data.from} to ${data.to}, not 100 to 250` : undefined;
}
