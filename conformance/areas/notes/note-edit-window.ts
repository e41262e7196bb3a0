// Spec 4.5, 7.3, 8: only the member who wrote a note can edit it, within 24 hours; after them,
// 403 edit_window_closed. A note written by a member needs a member's credential: an app token
// (spec 5.2) acts for the member who approved it, and a member edits in the web app (a session).
// Only a crmkit mock lets the suite approve an app, sign members in and move the clock 24 hours,
// all through its control API, so against a deployment the check is skipped.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { advanceMockClock, controlCall, mockWorkspaceId } from '../../mock-control.ts';
import { freshTokens } from '../../kits/oauth-kit.ts';
import { activeMembers, type Member } from '../../kits/tag-kit.ts';

export const noteEditWindow: ActiveCheck = {
  kind: 'active',
  id: 'notes.note-edit-window',
  area: 'notes',
  title: "a note's author edits it within 24 hours; another member cannot; after 24 hours the author gets 403 edit_window_closed",
  spec: '4.5, 7.3, 8',
  basis: 'documented',
  writes: true,
  leaves: 'moved-clock',
  async run(context) {
    if (!context.target.mock)
      context.skip("needs a member's own credentials and 24 hours: only a crmkit mock lets the suite sign members in and move its clock");
    const members = await activeMembers(context);
    const author = members.find((member) => member.role === 'owner');
    const other = members.find((member) => member.role === 'admin') ?? members.find((member) => member.id !== author?.id);
    if (!author || !other) return context.skip('the workspace needs an owner and a second member');
    const lead = await context.createLead();
    const token = await authorToken(context);
    const note = await context.client.call('createNote', {
      key: token,
      body: { entity_type: 'lead', entity_id: lead.id, text: `conformance ${context.runId}` },
    });
    context.expectStatus(note, 201);
    if (note.json.actor?.type !== 'member' || note.json.actor?.id !== author.id)
      context.fail(`a note written with the owner's app token has actor ${JSON.stringify(note.json.actor)}, not the owner`, note);

    const authorEdit = await edit(context, note.json.id, author, 'edited by its author');
    context.judge(
      'notes.author-edits',
      (authorEdit.status !== 200 || authorEdit.json?.data?.text !== 'edited by its author') &&
        `the author's edit within 24 hours answered ${authorEdit.status} with text ${JSON.stringify(authorEdit.json?.data?.text)}`,
      authorEdit,
    );
    const otherEdit = await edit(context, note.json.id, other, 'edited by another member');
    context.judge(
      'notes.only-author-edits',
      otherEdit.status !== 403 && `another member's edit answered ${otherEdit.status}, not 403`,
      otherEdit,
    );

    await advanceMockClock(context, 24 * 3600 + 60);
    const late = await edit(context, note.json.id, author, 'edited a day later');
    const timeline = await context.client.call('listTimeline', { query: { entity_type: 'lead', entity_id: lead.id, kinds: 'note' } });
    const text = timeline.json?.data?.find((item: { id: string }) => item.id === note.json.id)?.data?.text;
    const closed =
      late.status !== 403 || late.json?.error?.code !== 'edit_window_closed'
        ? `the author's edit 24 hours and a minute later answered ${late.status} ${late.json?.error?.code ?? ''}, not 403 edit_window_closed`
        : undefined;
    context.judge(
      'notes.edit-window-closed',
      closed ?? (text !== 'edited by its author' && `the refused edit changed the text to ${JSON.stringify(text)}`),
      late,
    );
    context.judge('notes.limit-edit-window', closed, late);
    context.judge(
      'notes.error-edit-window-closed',
      late.json?.error?.code === 'edit_window_closed' && late.status !== 403 && `edit_window_closed answered ${late.status}`,
      late,
    );
  },
};

/** An app with notes:write approved by the owner (the control API's default approver): its token acts for the owner. */
async function authorToken(context: CheckContext): Promise<string> {
  const workspace = mockWorkspaceId(context);
  const app = await controlCall(context, 'POST', `/_mock/workspaces/${workspace}/apps`, {
    name: `conformance ${context.runId} notes`,
    redirect_uri: 'http://127.0.0.1/conformance/callback',
    scopes: ['notes:write', 'leads:read'],
  });
  const { tokens } = await freshTokens(context, {
    clientId: app.client_id,
    clientSecret: app.client_secret ?? undefined,
    redirectUri: app.redirect_uri,
  });
  return tokens.access_token;
}

/** PATCH of the note in the member's web app session (the route's only member credential). */
async function edit(context: CheckContext, noteId: string, member: Member, text: string): Promise<Exchange> {
  const session = await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/sessions`, { member_id: member.id });
  return context.client.call('updateNote', { path: { id: noteId }, key: null, headers: { cookie: session.cookie }, body: { text } });
}
