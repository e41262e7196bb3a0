// Bulk tag actions (spec 4.4, 8): add_tag, remove_tag, replace_tags over leads, the
// too_many_tags skip, limits under action.tags, and undo within 24 hours on the workspace clock.
import { beforeEach, describe, expect, it } from 'vitest';
import { addTags, names, tagWorld, type TagWorld } from './tag-fixtures.ts';

let world: TagWorld;
beforeEach(async () => {
  world = await tagWorld();
});

const run = (body: Record<string, unknown>, key?: string, entity = 'leads') => world.call('POST', `/v1/bulk/${entity}/run`, body, key);
const undo = (runId: string, key?: string) => world.call('POST', `/v1/bulk/runs/${runId}/undo`, undefined, key);
const tagsOf = (...leads: { id: string }[]) => leads.map((lead) => world.lead(lead.id).tags);
const catalogNames = async () => (await world.call('GET', '/v1/tags')).body.data.map((tag: any) => tag.name);

async function clock(body: Record<string, unknown>) {
  await world.call('POST', `/_mock/workspaces/${world.workspace.id}/clock`, body, null as never);
}

describe('running a bulk tag action', () => {
  it('add_tag adds the tag in the catalog spelling and counts only the records it changed', async () => {
    await addTags(world, ['VIP']);
    const [plain, tagged, other] = [await world.insertLead(['x']), await world.insertLead(['vip']), await world.insertLead([])];
    const { status, body } = await run({ type: 'add_tag', tags: ['vip'], ids: [plain.id, tagged.id, other.id] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'bulk_run', type: 'add_tag', entity: 'leads', status: 'done', changed: 2, skipped: [] });
    expect(tagsOf(plain, tagged, other)).toEqual([['x', 'VIP'], ['vip'], ['VIP']]);
  });

  it('add_tag puts a name missing from the catalog into it', async () => {
    const lead = await world.insertLead([]);
    await run({ type: 'add_tag', tags: ['fresh'], ids: [lead.id] });
    expect(await catalogNames()).toEqual(['fresh']);
  });

  it('a record that would exceed 10 tags is skipped with too_many_tags while the others change', async () => {
    const full = await world.insertLead(names(10));
    const room = await world.insertLead(names(9));
    const { body } = await run({ type: 'add_tag', tags: ['extra'], ids: [full.id, room.id] });
    expect(body).toMatchObject({ changed: 1, skipped: [{ id: full.id, reason: 'too_many_tags' }] });
    expect(tagsOf(full, room)).toEqual([names(10), [...names(9), 'extra']]);
  });

  it('remove_tag removes the names ignoring case and adds nothing to the catalog', async () => {
    const over = await world.insertLead([...names(11), 'Spam']);
    const { body } = await run({ type: 'remove_tag', tags: ['spam', 'unknown'], ids: [over.id] });
    expect(body).toMatchObject({ changed: 1, skipped: [] });
    expect(tagsOf(over)).toEqual([names(11)]);
    expect(await catalogNames()).toEqual([]);
  });

  it('replace_tags with an empty list removes all tags', async () => {
    const [a, b] = [await world.insertLead(['x', 'y']), await world.insertLead([])];
    const { body } = await run({ type: 'replace_tags', tags: [], ids: [a.id, b.id] });
    expect(body.changed).toBe(1);
    expect(tagsOf(a, b)).toEqual([[], []]);
  });

  it('replace_tags brings a record over the limit down to the list', async () => {
    const over = await world.insertLead(names(12));
    await run({ type: 'replace_tags', tags: ['one', 'two'], ids: [over.id] });
    expect(tagsOf(over)).toEqual([['one', 'two']]);
  });

  it('a list of more than 10 tags answers validation_failed under action.tags and changes nothing', async () => {
    const lead = await world.insertLead([]);
    const { status, body } = await run({ type: 'replace_tags', tags: names(11), ids: [lead.id] });
    expect([status, Object.keys(body.error.fields)]).toEqual([422, ['action.tags']]);
    expect(tagsOf(lead)).toEqual([[]]);
    expect(await catalogNames()).toEqual([]);
  });

  it('a bad tag name answers validation_failed under action.tags, not under its item, and changes nothing (spec 4.4)', async () => {
    const lead = await world.insertLead([]);
    for (const bad of ['vip,hot', 'n'.repeat(33), '   ']) {
      const { status, body } = await run({ type: 'add_tag', tags: ['fine', bad], ids: [lead.id] });
      expect([status, Object.keys(body.error.fields)]).toEqual([422, ['action.tags']]);
    }
    expect(tagsOf(lead)).toEqual([[]]);
    expect(await catalogNames()).toEqual([]);
  });

  it('a list that would take the catalog past 200 tags answers 422 under action.tags', async () => {
    for (const name of names(199, 'c'))
      await world.workspace.tables.tags.insert({
        id: world.workspace.newId('tag'),
        name,
        color: 'slate',
        created_at: new Date().toISOString(),
      });
    const lead = await world.insertLead([]);
    const { status, body } = await run({ type: 'add_tag', tags: ['new1', 'new2'], ids: [lead.id] });
    expect([status, Object.keys(body.error.fields)]).toEqual([422, ['action.tags']]);
    expect(tagsOf(lead)).toEqual([[]]);
  });

  it('an unknown, deleted or other-type id answers validation_failed under ids and changes nothing', async () => {
    const lead = await world.insertLead([]);
    const trashed = await world.insertLead([], { deleted_at: new Date().toISOString() });
    for (const id of [trashed.id, `ld_${'0'.repeat(26)}`, `ct_${'0'.repeat(26)}`]) {
      const { status, body } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id, id] });
      expect([status, Object.keys(body.error.fields)]).toEqual([422, ['ids']]);
    }
    expect(tagsOf(lead)).toEqual([[]]);
  });

  it('accepts long id prefixes', async () => {
    const lead = await world.insertLead([]);
    const { body } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id.replace(/^ld_/, 'lead_')] });
    expect(body.changed).toBe(1);
  });

  it("needs the entity's write scope", async () => {
    const lead = await world.insertLead([]);
    const contactsOnly = await world.newKey('admin', ['contacts:write']);
    const { status, body } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id] }, contactsOnly);
    expect([status, body.error.code]).toEqual([403, 'missing_scope']);
  });

  it("with admins_only_create on, a manager's new name answers tags_admins_only", async () => {
    await world.call('PATCH', '/v1/tags/settings', { admins_only_create: true });
    const manager = await world.newKey('manager', ['leads:write']);
    const lead = await world.insertLead([]);
    const { status, body } = await run({ type: 'add_tag', tags: ['new'], ids: [lead.id] }, manager);
    expect([status, body.error.code]).toEqual([403, 'tags_admins_only']);
  });
});

describe('undoing a bulk tag action', () => {
  it('undo puts back the tags each changed record had, a renamed tag under its new name', async () => {
    const [vip] = await addTags(world, ['vip']);
    const [a, b] = [await world.insertLead(['vip', 'x']), await world.insertLead([])];
    const { body: done } = await run({ type: 'replace_tags', tags: ['y'], ids: [a.id, b.id] });
    await world.call('PATCH', `/v1/tags/${vip.id}`, { name: 'VIP client' });
    const { status, body } = await undo(done.id);
    expect(status).toBe(200);
    expect(body).toEqual({ ...done, status: 'undone' });
    expect(tagsOf(a, b)).toEqual([['VIP client', 'x'], []]);
  });

  it('undo at 24 hours on the workspace clock still succeeds', async () => {
    await clock({ freeze: true });
    const lead = await world.insertLead([]);
    const { body: done } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id] });
    await clock({ advance_seconds: 24 * 3600 });
    expect((await undo(done.id)).status).toBe(200);
    expect(tagsOf(lead)).toEqual([[]]);
  });

  it('undo after 24 hours is refused', async () => {
    await clock({ freeze: true });
    const lead = await world.insertLead([]);
    const { body: done } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id] });
    expect(Date.parse(done.undo_until) - Date.parse(done.created_at)).toBe(24 * 3600 * 1000);
    await clock({ advance_seconds: 24 * 3600 + 1 });
    const { status, body } = await undo(done.id);
    expect([status, body.error.code, body.error.key, body.error.limit]).toEqual([409, 'limit_reached', 'bulk_undo_hours', 24]);
    expect(tagsOf(lead)).toEqual([['vip']]);
  });

  it('undoing twice answers the undone run and changes nothing more', async () => {
    const lead = await world.insertLead([]);
    const { body: done } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id] });
    await undo(done.id);
    await run({ type: 'add_tag', tags: ['later'], ids: [lead.id] });
    const { status, body } = await undo(done.id);
    expect([status, body.status]).toEqual([200, 'undone']);
    expect(tagsOf(lead)).toEqual([['later']]);
  });

  it('undo reverts only its own run: a PATCH made after it stays', async () => {
    const lead = await world.insertLead(['start']);
    const { body: done } = await run({ type: 'add_tag', tags: ['bulk'], ids: [lead.id] });
    expect((await world.call('PATCH', `/v1/leads/${lead.id}`, { tags: ['start', 'bulk', 'manual'] })).status).toBe(200);
    expect((await undo(done.id)).status).toBe(200);
    expect(tagsOf(lead)).toEqual([['start', 'manual']]);
  });

  it('undoing the first of four runs leaves the tags of the other three', async () => {
    const lead = await world.insertLead(['start']);
    const runs = [];
    for (const tag of ['one', 'two', 'three', 'four']) runs.push((await run({ type: 'add_tag', tags: [tag], ids: [lead.id] })).body);
    expect((await undo(runs[0].id)).status).toBe(200);
    expect(tagsOf(lead)).toEqual([['start', 'two', 'three', 'four']]);
    expect((await undo(runs[2].id)).status).toBe(200);
    expect(tagsOf(lead)).toEqual([['start', 'two', 'four']]);
  });

  it('undo of a removal or a replacement puts back what the run took, in its place, and takes away only what it gave', async () => {
    const [a, b] = [await world.insertLead(['x', 'gone', 'y']), await world.insertLead(['old', 'keep'])];
    const { body: removal } = await run({ type: 'remove_tag', tags: ['gone'], ids: [a.id] });
    const { body: replacement } = await run({ type: 'replace_tags', tags: ['keep', 'new'], ids: [b.id] });
    await world.call('PATCH', `/v1/leads/${a.id}`, { tags: ['x', 'y', 'later'] });
    await world.call('PATCH', `/v1/leads/${b.id}`, { tags: ['keep', 'new', 'later'] });
    await undo(removal.id);
    await undo(replacement.id);
    expect(tagsOf(a, b)).toEqual([
      ['x', 'gone', 'y', 'later'],
      ['old', 'keep', 'later'],
    ]);
  });

  it('runs undone in any order, at once, each revert only their own tags', async () => {
    const leads = [await world.insertLead(['base']), await world.insertLead([])];
    const ids = leads.map((lead) => lead.id);
    const runs = await Promise.all(['p', 'q', 'r'].map(async (tag) => (await run({ type: 'add_tag', tags: [tag], ids })).body));
    await Promise.all([undo(runs[2].id), undo(runs[0].id)]);
    expect(tagsOf(...leads)).toEqual([['base', 'q'], ['q']]);
  });

  it('undo never takes a record past 10 tags: a put-back tag that would is left out', async () => {
    const full = Array.from({ length: 10 }, (_, index) => `t${index}`);
    const lead = await world.insertLead(full);
    const { body: removal } = await run({ type: 'remove_tag', tags: ['t0', 't1'], ids: [lead.id] });
    await world.call('PATCH', `/v1/leads/${lead.id}`, { tags: [...full.slice(2), 'n1'] });
    await undo(removal.id);
    expect(tagsOf(lead)).toEqual([['t0', ...full.slice(2), 'n1']]);
  });

  it("needs the write scope of the run's entity", async () => {
    const lead = await world.insertLead([]);
    const { body: done } = await run({ type: 'add_tag', tags: ['vip'], ids: [lead.id] });
    const contactsOnly = await world.newKey('admin', ['contacts:write']);
    const { status, body } = await undo(done.id, contactsOnly);
    expect([status, body.error.code, body.error.scope]).toEqual([403, 'missing_scope', 'leads:write']);
    expect(tagsOf(lead)).toEqual([['vip']]);
  });

  it('a run of another workspace answers not_found', async () => {
    const elsewhere = await tagWorld();
    const lead = await elsewhere.insertLead([]);
    const { body: done } = await elsewhere.call('POST', '/v1/bulk/leads/run', { type: 'add_tag', tags: ['vip'], ids: [lead.id] });
    expect((await undo(done.id)).status).toBe(404);
  });
});
