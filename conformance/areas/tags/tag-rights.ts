// Spec 4.4, 7.3: who may do what with tags. The list needs any one read scope; anyone who can
// edit a record can tag it; a color from a caller who cannot manage tags is not used; rename,
// recolor, merge, delete and the settings need tags:manage; with admins_only_create on, a
// manager's key without tags:manage gets 403 tags_admins_only for a new tag, also on a record
// write naming one, while catalog tags still go on records. Keys of other scopes and roles are
// made through a mock's control API; on a deployment the inputs' limited keys whose whoami scopes
// fit are used (kits/limited-keys.ts), and the setting is put back off at the end.
import { notOfferedReason, routeNotOffered, skipIfNotOffered } from '../../inferred-route.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { limitedKeyNeeded, limitedKeyWith } from '../../kits/limited-keys.ts';
import { createRecord, createTag, mockKey, PALETTE, postTag, tagList, type Tag, type TagColor } from '../../kits/tag-kit.ts';

export const tagRights: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-rights',
  area: 'tags',
  title:
    'tag rights: the list with any read scope, tagging with edit rights, tags:manage for changes and settings, admins_only_create refusing tags_admins_only',
  spec: '4.4, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!context.target.mock) return judgeWithLimitedKey(context);
    const reader = await mockKey(context, ['contacts:read']);
    const editor = await mockKey(context, ['leads:read', 'leads:write']);
    const listed = await context.client.call('listTags', { key: reader });
    context.judge('tags.list-scope', listed.status !== 200 && `a key with only contacts:read listed tags with ${listed.status}`, listed);
    const base = `cr${context.runId}`;
    const byReader = await postTag(context, { name: `${base}-by-reader` }, reader);
    context.judge(
      'tags.create-needs-edit-rights',
      byReader.status !== 403 && `a key with only contacts:read created a tag with ${byReader.status}, not 403`,
      byReader,
    );
    const tag = await createTag(context, `${base}-kept`);
    await judgeRightsShown(context, editor, false);
    await judgeColorIgnored(context, editor, base);
    await judgeManageRefused(context, editor, tag);
    const tagged = await context.client.call('createLead', {
      key: editor,
      body: { name: `conformance ${context.runId}`, tags: [tag.name] },
    });
    if (tagged.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: tagged.json.id } }));
    context.judge(
      'tags.edit-rights-tag-record',
      tagged.status !== 201 && `a key with leads:write but not tags:manage could not create a lead with a catalog tag (${tagged.status})`,
      tagged,
    );
    await judgeAdminsOnly(context, editor, base, tag);
  },
};

/**
 * On a deployment the suite cannot make keys (issue 22 item 4): of the inputs' limited keys
 * (kits/limited-keys.ts), each holding exactly one of the three read scopes lists tags (spec 4.4:
 * any one of them is enough), and one without tags:manage is refused the changes.
 */
async function judgeWithLimitedKey(context: CheckContext): Promise<void> {
  await judgeListWithEachReadScope(context);
  const key = (await limitedKeyWith(context, { lacks: ['tags:manage'] })) ?? context.skip(limitedKeyNeeded({ lacks: ['tags:manage'] }));
  // A settings change wrongly let through is put back as it was (judgeManageRefused tries one).
  const before = (await tagList(context)).exchange.json?.settings?.admins_only_create;
  if (typeof before === 'boolean') {
    context.cleanup(async () => {
      const now = (await tagList(context)).exchange.json?.settings?.admins_only_create;
      if (now !== before) await context.client.call('updateTagSettings', { body: { admins_only_create: before } });
    });
  }
  await judgeManageRefused(context, key, await createTag(context, `cr${context.runId}-kept`));
}

const READ_SCOPES = ['leads:read', 'contacts:read', 'companies:read'];

/** Each limited key holding one read scope alone lists tags; a rule no such key was given for is left unjudged. */
async function judgeListWithEachReadScope(context: CheckContext): Promise<void> {
  let listedWith = 0;
  for (const scope of READ_SCOPES) {
    const key = await limitedKeyWith(context, { has: [scope], lacks: READ_SCOPES.filter((other) => other !== scope) });
    if (!key) continue;
    const listed = await context.client.call('listTags', { key });
    context.judge(
      'tags.list-scope',
      listed.status !== 200 && `a key with ${scope} alone of the read scopes listed tags with ${listed.status}`,
      listed,
    );
    listedWith++;
  }
  if (!listedWith) context.skipRule('tags.list-scope', limitedKeyNeeded({ has: ['contacts:read'], lacks: ['leads:read'] }));
}

/** `can_manage` true for the owner's key with tags:manage, false for the editor's; `can_create` as expected. */
async function judgeRightsShown(context: CheckContext, editor: string, adminsOnly: boolean): Promise<void> {
  const owner = await tagList(context);
  const edits = await tagList(context, {}, editor);
  const problem =
    owner.exchange.json?.can_manage !== true
      ? `the owner's key with tags:manage sees can_manage ${owner.exchange.json?.can_manage}`
      : edits.exchange.json?.can_manage !== false
        ? `a key without tags:manage sees can_manage ${edits.exchange.json?.can_manage}`
        : edits.exchange.json?.can_create !== !adminsOnly
          ? `a manager's key with leads:write sees can_create ${edits.exchange.json?.can_create} with admins_only_create ${adminsOnly}`
          : undefined;
  context.judge('tags.list-rights', problem, edits.exchange);
}

/** An automatic color may equal the one sent by chance: three tags with three colors all taking theirs fails. */
async function judgeColorIgnored(context: CheckContext, editor: string, base: string): Promise<void> {
  const colors = [PALETTE[0]!, PALETTE[5]!, PALETTE[9]!];
  const taken: string[] = [];
  for (const [index, color] of colors.entries()) {
    const answer = await postTag(context, { name: `${base}-auto${index}`, color }, editor);
    context.expectStatus(answer, 201);
    if (answer.json.color === color) taken.push(color);
  }
  context.judge(
    'tags.create-color-ignored',
    taken.length === colors.length && `a key without tags:manage created three tags and each took the color it sent (${taken.join(', ')})`,
  );
}

async function judgeManageRefused(context: CheckContext, editor: string, tag: Tag): Promise<void> {
  const attempts = [
    await context.client.call('updateTag', {
      path: { id: tag.id },
      key: editor,
      body: { name: `${tag.name}-x`, color: PALETTE[1] as TagColor },
    }),
    await context.client.call('mergeTag', { path: { id: tag.id }, key: editor, body: { into: tag.id } }),
    await context.client.call('deleteTag', { path: { id: tag.id }, key: editor }),
  ];
  const allowed = attempts.find((answer) => answer.status !== 403 || answer.json?.error?.code !== 'missing_scope');
  const after = (await tagList(context)).tags.find((listed) => listed.id === tag.id);
  const unchanged = after?.name === tag.name && after?.color === tag.color;
  context.judge(
    'tags.manage-scope',
    (allowed || !unchanged) &&
      (allowed
        ? `${allowed.request.method} ${new URL(allowed.request.url).pathname} without tags:manage answered ${allowed.status} ${allowed.json?.error?.code ?? ''}, not 403 missing_scope`
        : 'the refused changes changed the tag'),
    allowed,
  );
  const settings = await context.client.call('updateTagSettings', { key: editor, body: { admins_only_create: true } });
  if (routeNotOffered(context, settings)) return context.skipRule('tags.settings-scope', notOfferedReason(settings));
  context.judge(
    'tags.settings-scope',
    (settings.status !== 403 || settings.json?.error?.code !== 'missing_scope') &&
      `the settings route without tags:manage answered ${settings.status}, not 403 missing_scope`,
    settings,
  );
}

/** The setting on: a new name is refused to the editor, on the tag route and on a record; catalog tags still go on. */
async function judgeAdminsOnly(context: CheckContext, editor: string, base: string, tag: Tag): Promise<void> {
  const on = await context.client.call('updateTagSettings', { body: { admins_only_create: true } });
  skipIfNotOffered(context, on);
  context.expectStatus(on, 200);
  context.cleanup(() => context.client.call('updateTagSettings', { body: { admins_only_create: false } }));
  const shown = await tagList(context);
  context.judge(
    'tags.settings-change',
    shown.exchange.json?.settings?.admins_only_create !== true &&
      `after the settings route took admins_only_create true, the list shows ${JSON.stringify(shown.exchange.json?.settings)}`,
    shown.exchange,
  );
  await judgeRightsShown(context, editor, true);
  const created = await postTag(context, { name: `${base}-refused` }, editor);
  const refusal =
    created.status !== 403 || created.json?.error?.code !== 'tags_admins_only'
      ? `a new tag by a manager's key without tags:manage answered ${created.status} ${created.json?.error?.code ?? ''}, not 403 tags_admins_only`
      : undefined;
  context.judge('tags.create-admins-only', refusal, created);
  context.judge(
    'tags.error-tags-admins-only',
    created.json?.error?.code === 'tags_admins_only' && created.status !== 403 && `tags_admins_only answered ${created.status}`,
    created,
  );
  const admin = await mockKey(context, ['leads:read', 'leads:write'], 'admin');
  const byAdmin = await postTag(context, { name: `${base}-by-admin` }, admin);
  context.judge(
    'tags.admins-only-owners-admins',
    byAdmin.status !== 201 &&
      `with admins_only_create on, an admin's key with leads:write but not tags:manage created a tag with ${byAdmin.status}, not 201`,
    byAdmin,
  );
  const lead = await createRecord(context, 'leads', { tags: [tag.name] }, editor);
  const withNew = await context.client.call('updateLead', {
    path: { id: lead.id },
    key: editor,
    body: { tags: [tag.name, `${base}-new`] },
  });
  const listed = (await tagList(context)).tags.some((listedTag) => listedTag.name === `${base}-new`);
  context.judge(
    'tags.admins-only-record-tags',
    (withNew.status < 400 || listed) &&
      `with admins_only_create on, a lead write by a manager's key naming a new tag answered ${withNew.status}${listed ? ' and the name entered the catalog' : ''}`,
    withNew,
  );
  const off = await context.client.call('updateTagSettings', { body: { admins_only_create: false } });
  context.expectStatus(off, 200);
}
