// Tags (spec 2.5, 4.4, 8): the rule every record write shares, the catalog list, create, the
// settings, rename, recolor, merge and delete.
import { beforeEach, describe, expect, it } from 'vitest';
import { tagsForRecord } from '../../src/resources/tags/record-tags.ts';
import { tagsForSubmission } from '../../src/resources/tags/submission-tags.ts';
import { automaticColor, TAG_COLORS } from '../../src/resources/tags/tag-colors.ts';
import { addTags, names, tagWorld, type TagWorld } from './tag-fixtures.ts';

let world: TagWorld;
beforeEach(async () => {
  // A fresh workspace per test: catalogs and settings share nothing.
  world = await tagWorld();
});

const catalog = async (query = '', key?: string) => (await world.call('GET', `/v1/tags${query}`, undefined, key)).body;
const catalogNames = async () => (await catalog()).data.map((tag: any) => tag.name);
const tagsFor = (current: string[], requested: string[], key = world.key) =>
  world.asCaller(key, (context) => tagsForRecord(context, current, requested));
const adminsOnly = (on: boolean) => world.call('PATCH', '/v1/tags/settings', { admins_only_create: on });

/** Fills the catalog to `count` tags straight in its table (faster than 200 requests). */
async function fillCatalog(count: number) {
  for (const name of names(count, 'bulk')) {
    await world.workspace.tables.tags.insert({
      id: world.workspace.newId('tag'),
      name,
      color: 'slate',
      created_at: new Date().toISOString(),
    });
  }
}

describe('tag names on records', () => {
  it('a tag name differing only in case takes the catalog spelling', async () => {
    await addTags(world, ['VIP']);
    expect(await tagsFor([], ['vip'])).toEqual(['VIP']);
  });

  it('a name missing from the catalog is added with an automatic palette color', async () => {
    expect(await tagsFor([], ['  new   client '])).toEqual(['new client']);
    const [tag] = (await catalog()).data;
    expect(tag).toMatchObject({ name: 'new client', color: automaticColor('new client') });
    expect(TAG_COLORS).toContain(tag.color);
  });

  it('the same name twice in one list is kept once, first spelling first', async () => {
    expect(await tagsFor([], ['hot', 'cold', 'HOT'])).toEqual(['hot', 'cold']);
  });

  it('a name of only spaces answers validation_failed under tags and adds nothing', async () => {
    await expect(tagsFor([], ['ok', '   '])).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { fields: { tags: expect.any(String) } },
    });
    expect(await catalogNames()).toEqual([]);
  });

  it('an eleventh tag on a record answers validation_failed under tags and adds nothing', async () => {
    await expect(tagsFor([], names(11))).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { fields: { tags: expect.any(String) } },
    });
    expect(await catalogNames()).toEqual([]);
    expect(await tagsFor([], names(10))).toHaveLength(10);
  });

  it('a record over the limit may drop tags but not add', async () => {
    const older = names(12, 'old');
    expect(await tagsFor(older, older.slice(1))).toEqual(older.slice(1));
    await expect(tagsFor(older, [...older.slice(2), 'new'])).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { fields: { tags: expect.any(String) } },
    });
  });

  it('a record write that would take the catalog past 200 tags answers 422 under tags', async () => {
    await fillCatalog(199);
    await expect(tagsFor([], ['one', 'two'])).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { fields: { tags: expect.any(String) } },
    });
    expect(await tagsFor([], ['one'])).toEqual(['one']);
  });

  it("with admins_only_create on, a manager's new name answers tags_admins_only while known names still tag", async () => {
    await addTags(world, ['known']);
    await adminsOnly(true);
    const manager = await world.newKey('manager', ['leads:write']);
    const admin = await world.newKey('admin', ['leads:write']);
    await expect(tagsFor([], ['brand new'], manager)).rejects.toMatchObject({ code: 'tags_admins_only' });
    expect(await tagsFor([], ['KNOWN'], manager)).toEqual(['known']);
    expect(await tagsFor([], ['brand new'], admin)).toEqual(['brand new']);
  });

  it('a failed write leaves the tags it would have added out of the catalog', async () => {
    await expect(
      world.asCaller(world.key, async (context) => {
        await tagsForRecord(context, [], ['temporary']);
        throw new Error('the record write fails after the tags');
      }),
    ).rejects.toThrow();
    expect(await catalogNames()).toEqual([]);
  });
});

describe('tag names from a form submission or an import', () => {
  it('never fail: a name the catalog cannot take is left out', async () => {
    await fillCatalog(198);
    await addTags(world, ['known']);
    const sent = ['KNOWN', 'bad,name', 'first new', 'second new'];
    expect(await world.asCaller(world.key, (context) => tagsForSubmission(context, sent))).toEqual(['known', 'first new']);
    expect(world.workspace.tables.tags.size).toBe(200);
  });

  it('keep the first 10 names', async () => {
    expect(await world.asCaller(world.key, (context) => tagsForSubmission(context, names(12)))).toEqual(names(10));
  });

  it('add names even when admins_only_create is on: the system adds them, not the caller', async () => {
    await adminsOnly(true);
    const manager = await world.newKey('manager', ['leads:write']);
    expect(await world.asCaller(manager, (context) => tagsForSubmission(context, ['from form']))).toEqual(['from form']);
  });
});

describe('the tag list', () => {
  it('lists every tag by name ignoring case, with settings, limits and what the caller may do', async () => {
    await addTags(world, ['beta', 'Alpha', 'gamma']);
    const body = await catalog();
    expect(body.data.map((tag: any) => tag.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(body).toMatchObject({
      settings: { admins_only_create: false },
      limits: { per_record: 10, per_workspace: 200, name_length: 32 },
      can_create: true,
      can_manage: true,
    });
    expect(body.data[0]).not.toHaveProperty('usage');
  });

  it('usage=1 counts the records with each tag and leaves out deleted ones', async () => {
    await addTags(world, ['vip', 'idle']);
    await world.insertLead(['VIP']);
    await world.insertLead(['vip', 'other']);
    await world.insertLead(['vip'], { deleted_at: new Date().toISOString() });
    const usage = Object.fromEntries((await catalog('?usage=1')).data.map((tag: any) => [tag.name, tag.usage]));
    expect(usage).toEqual({ vip: { leads: 2, contacts: 0, companies: 0 }, idle: { leads: 0, contacts: 0, companies: 0 } });
  });

  it('can_create follows edit rights and admins_only_create; can_manage needs tags:manage', async () => {
    const reader = await world.newKey('admin', ['leads:read']);
    const manager = await world.newKey('manager', ['contacts:write']);
    expect(await catalog('', reader)).toMatchObject({ can_create: false, can_manage: false });
    expect(await catalog('', manager)).toMatchObject({ can_create: true, can_manage: false });
    await adminsOnly(true);
    expect(await catalog('', manager)).toMatchObject({ can_create: false, can_manage: false, settings: { admins_only_create: true } });
  });
});

describe('creating a tag', () => {
  it('answers 201 with a new tag, then 200 with the same tag for the name in any case', async () => {
    const first = await world.call('POST', '/v1/tags', { name: 'Wholesale', color: 'teal' });
    expect(first.status).toBe(201);
    const again = await world.call('POST', '/v1/tags', { name: ' wholesale ', color: 'rose' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('the 201st tag answers tag_limit', async () => {
    await fillCatalog(200);
    const { status, body } = await world.call('POST', '/v1/tags', { name: 'one more' });
    expect(status).toBe(409);
    expect(body.error.code).toBe('tag_limit');
  });

  it('uses the color sent only when the caller can manage tags', async () => {
    const name = TAG_COLORS.map((color, index) => `tag ${index}`).find((candidate) => automaticColor(candidate) !== 'rose')!;
    const manager = await world.newKey('manager', ['leads:write']);
    expect((await world.call('POST', '/v1/tags', { name, color: 'rose' }, manager)).body.color).toBe(automaticColor(name));
    expect((await world.call('POST', '/v1/tags', { name: `${name}!`, color: 'rose' })).body.color).toBe('rose');
  });

  it('with admins_only_create on, only owners, admins and tags:manage keys create', async () => {
    await adminsOnly(true);
    const manager = await world.newKey('manager', ['leads:write']);
    const admin = await world.newKey('admin', ['leads:write']);
    const managerWithManage = await world.newKey('manager', ['tags:manage']);
    const refused = await world.call('POST', '/v1/tags', { name: 'a' }, manager);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'tags_admins_only']);
    expect((await world.call('POST', '/v1/tags', { name: 'b' }, admin)).status).toBe(201);
    expect((await world.call('POST', '/v1/tags', { name: 'c' }, managerWithManage)).status).toBe(201);
    expect((await world.call('POST', '/v1/tags', { name: 'B' }, manager)).status).toBe(200);
  });

  it('a name of only spaces answers validation_failed under name', async () => {
    const { status, body } = await world.call('POST', '/v1/tags', { name: '   ' });
    expect(status).toBe(422);
    expect(body.error.fields).toHaveProperty('name');
  });
});

describe('the tag settings', () => {
  it('answer the settings after a change, and the list shows them', async () => {
    const { status, body } = await adminsOnly(true);
    expect([status, body]).toEqual([200, { settings: { admins_only_create: true } }]);
    expect((await catalog()).settings).toEqual({ admins_only_create: true });
  });

  it('need tags:manage', async () => {
    const admin = await world.newKey('admin', ['leads:write']);
    const { status, body } = await world.call('PATCH', '/v1/tags/settings', { admins_only_create: true }, admin);
    expect([status, body.error.code]).toEqual([403, 'missing_scope']);
  });
});

describe('renaming and recoloring', () => {
  it('renaming updates every record with the tag, trashed ones too, and answers affected', async () => {
    const [vip] = await addTags(world, ['vip']);
    const live = [await world.insertLead(['hot', 'vip']), await world.insertLead(['VIP'])];
    const trashed = await world.insertLead(['vip'], { deleted_at: new Date().toISOString() });
    const untouched = await world.insertLead(['hot']);
    const { status, body } = await world.call('PATCH', `/v1/tags/${vip.id}`, { name: 'VIP client' });
    expect(status).toBe(200);
    expect(body).toEqual({ tag: { ...vip, name: 'VIP client' }, affected: { leads: 2, contacts: 0, companies: 0 } });
    expect([...live, trashed, untouched].map((lead) => world.lead(lead.id).tags)).toEqual([
      ['hot', 'VIP client'],
      ['VIP client'],
      ['VIP client'],
      ['hot'],
    ]);
  });

  it('renaming updates the forms that add the tag', async () => {
    const [website] = await addTags(world, ['website']);
    const [form] = world.created.forms;
    expect(form.tags).toContain('website');
    await world.call('PATCH', `/v1/tags/${website.id}`, { name: 'site' });
    expect(world.workspace.tables.forms.get(form.id)!.tags).toContain('site');
    expect(world.workspace.tables.forms.get(form.id)!.tags).not.toContain('website');
  });

  it("renaming onto another tag's name answers tag_exists with tag_id", async () => {
    const [vip, hot] = await addTags(world, ['vip', 'hot']);
    const lead = await world.insertLead(['vip']);
    const { status, body } = await world.call('PATCH', `/v1/tags/${vip.id}`, { name: 'HOT' });
    expect([status, body.error.code, body.error.tag_id]).toEqual([409, 'tag_exists', hot.id]);
    expect(world.lead(lead.id).tags).toEqual(['vip']);
  });

  it('a tag may be renamed to its own name in another case', async () => {
    const [vip] = await addTags(world, ['vip']);
    const lead = await world.insertLead(['vip']);
    expect((await world.call('PATCH', `/v1/tags/${vip.id}`, { name: 'VIP' })).body.tag.name).toBe('VIP');
    expect(world.lead(lead.id).tags).toEqual(['VIP']);
  });

  it('recoloring changes the color only and counts the live records with the tag', async () => {
    const [vip] = await addTags(world, ['vip']);
    const lead = await world.insertLead(['vip']);
    const { body } = await world.call('PATCH', `/v1/tags/${vip.id}`, { color: 'indigo' });
    expect(body).toEqual({ tag: { ...vip, color: 'indigo' }, affected: { leads: 1, contacts: 0, companies: 0 } });
    expect(world.lead(lead.id).tags).toEqual(['vip']);
  });

  it('an id of no tag of this workspace answers not_found', async () => {
    const [other] = await addTags(await tagWorld(), ['elsewhere']);
    const { status } = await world.call('PATCH', `/v1/tags/${other.id}`, { color: 'rose' });
    expect(status).toBe(404);
  });
});

describe('merging', () => {
  it("merge moves every record's tag and answers affected", async () => {
    const [a, b] = await addTags(world, ['a', 'b']);
    const both = await world.insertLead(['a', 'x', 'b']);
    const onlyA = await world.insertLead(['x', 'A']);
    const onlyB = await world.insertLead(['b']);
    const { status, body } = await world.call('POST', `/v1/tags/${a.id}/merge`, { into: b.id });
    expect(status).toBe(200);
    expect(body).toEqual({ tag: b, affected: { leads: 2, contacts: 0, companies: 0 } });
    expect([both, onlyA, onlyB].map((lead) => world.lead(lead.id).tags)).toEqual([['b', 'x'], ['x', 'b'], ['b']]);
    expect(await catalogNames()).toEqual(['b']);
  });

  it('merge into itself or into no tag answers validation_failed under into', async () => {
    const [a] = await addTags(world, ['a']);
    for (const into of [a.id, `tag_${'0'.repeat(26)}`]) {
      const { status, body } = await world.call('POST', `/v1/tags/${a.id}/merge`, { into });
      expect([status, Object.keys(body.error.fields)]).toEqual([422, ['into']]);
    }
  });
});

describe('deleting', () => {
  it('delete removes the tag from every record and form, then from the catalog, and answers affected', async () => {
    const [website, hot] = await addTags(world, ['website', 'hot']);
    const lead = await world.insertLead(['hot', 'Website']);
    const { status, body } = await world.call('DELETE', `/v1/tags/${website.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, id: website.id, affected: { leads: 1, contacts: 0, companies: 0 } });
    expect(world.lead(lead.id).tags).toEqual(['hot']);
    expect(world.workspace.tables.forms.get(world.created.forms[0].id)!.tags).not.toContain('website');
    expect((await catalog()).data).toEqual([hot]);
  });

  it('needs tags:manage, even for an owner', async () => {
    const [tag] = await addTags(world, ['keep']);
    const owner = await world.newKey('owner', ['leads:write']);
    const { status, body } = await world.call('DELETE', `/v1/tags/${tag.id}`, undefined, owner);
    expect([status, body.error.code]).toEqual([403, 'missing_scope']);
  });
});
