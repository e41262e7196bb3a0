// Mutants of the answers' shapes (spec 2 and 4; the rules `responses.shape.<operation>`, one per
// operation of the document): each is one serializer bug of a real implementation, in the body a
// handler answers, that conventions.body-schema must see. An operation no check of the responses,
// input and state families sends is reached through the checks named in `alsoRun`.
import type { Fault } from '../fault.ts';
import { answerAltered, jsonAnswer, without } from './handler-answer.ts';
import { onOperation, probe } from '../request-match.ts';
import { hubPageMutants } from './hub-pages.ts';

export const responsesMutants: Fault[] = [
  ...hubPageMutants,
  {
    name: 'delete-confirmation-without-id',
    area: 'conventions',
    proves: [
      'conventions.delete-confirmation',
      'conventions.number-on-single-record-routes',
      'tags.delete-answer',
      'responses.shape.delete-lead',
      'responses.shape.remove-lead-contact',
      'responses.shape.remove-lead-product',
      'responses.shape.delete-company',
      'responses.shape.delete-contact',
      'responses.shape.delete-tag',
      'responses.shape.delete-note',
      'responses.shape.delete-team',
      'responses.shape.delete-product',
      'responses.shape.delete-field',
      'responses.shape.delete-task',
    ],
    description:
      'The shared delete confirmation answers {ok: true} without the id of the record deleted (spec 2.1: {ok: true, id} or {id, deleted: true}).',
    operations: [
      'deleteLead',
      'deleteCompany',
      'deleteContact',
      'deleteTask',
      'deleteProduct',
      'deleteNote',
      'deleteTag',
      'deleteTeam',
      'deleteField',
      'removeLeadContact',
      'removeLeadProduct',
    ],
    alsoRun: ['leads.sub-routes', 'members.first-party-routes'],
    aroundHandler: answerAltered((body) => without(body, 'id')),
  },
  {
    name: 'last-page-without-cursor',
    area: 'conventions',
    proves: [
      'responses.shape.list-lead-contacts',
      'responses.shape.list-companies',
      'responses.shape.list-contacts',
      'responses.shape.list-messages',
      'responses.shape.list-tasks',
    ],
    description:
      'Lists of companies, contacts, tasks, lead contacts and messages leave next_cursor out on the last page instead of answering null (spec 4.13: on the last page next_cursor is null).',
    operations: ['listCompanies', 'listContacts', 'listTasks', 'listLeadContacts', 'listMessages'],
    // query.limits walks the contacts to their last page on a deployment too (conversations.fields lists them on a mock only).
    alsoRun: ['contacts.companies', 'leads.sub-routes', 'conversations.fields', 'query.limits'],
    aroundHandler: answerAltered((body) => (body.next_cursor === null ? without(body, 'next_cursor') : body)),
  },
  {
    name: 'task-actions-without-overdue',
    area: 'conventions',
    proves: [
      'responses.shape.reopen-task',
      'responses.shape.snooze-task',
      'responses.shape.reschedule-task',
      'responses.shape.restore-task',
    ],
    description:
      'Reopen, snooze, reschedule and restore answer the stored task without the computed overdue flag that reads and lists add (the document answers each with the task; spec 4.10 shows no other answer).',
    operations: ['reopenTask', 'snoozeTask', 'rescheduleTask', 'restoreTask'],
    aroundHandler: answerAltered((body) => without(body, 'overdue')),
  },
  {
    name: 'team-members-expanded',
    area: 'conventions',
    proves: [
      'teams.fields',
      'members.patch-team-ids',
      'responses.shape.list-teams',
      'responses.shape.create-team',
      'responses.shape.update-team',
    ],
    description:
      'A team is answered with its members as objects under `members` instead of their ids under member_ids (spec 2.7: team.member_ids).',
    operations: ['listTeams', 'createTeam', 'updateTeam'],
    alsoRun: ['members.members-teams', 'members.first-party-routes'],
    aroundHandler: answerAltered((body) => {
      const expanded = (team: any) => ({ ...without(team, 'member_ids'), members: team.member_ids.map((id: string) => ({ id })) });
      return Array.isArray(body.data) ? { ...body, data: body.data.map(expanded) } : expanded(body);
    }),
  },
  {
    name: 'field-without-empty-group',
    area: 'conventions',
    proves: ['fields.fields', 'responses.shape.list-fields', 'responses.shape.create-field', 'responses.shape.update-field'],
    description:
      'A custom field in no group is answered without `group` instead of with an empty one (spec 2.11: group is a string of every field).',
    operations: ['listFields', 'createField', 'updateField'],
    alsoRun: ['fields.field-list', 'members.first-party-routes'],
    aroundHandler: answerAltered((body) => {
      const trimmed = (field: any) => (field.group ? field : without(field, 'group'));
      return Array.isArray(body.data) ? { ...body, data: body.data.map(trimmed) } : trimmed(body);
    }),
  },
  {
    name: 'tag-created-color-null',
    area: 'tags',
    proves: ['tags.color-palette', 'tags.manage-scope', 'responses.shape.create-tag'],
    description:
      'A tag created without a color answers color null: the palette default is filled in on later reads only (spec 2.5: color is one of the ten palette colors).',
    operations: ['createTag'],
    aroundHandler: answerAltered((body, context) =>
      (context.input.body as { color?: string }).color === undefined ? { ...body, color: null } : body,
    ),
  },
  {
    name: 'tag-change-without-affected',
    area: 'tags',
    proves: ['tags.rename-answer', 'tags.merge-answer', 'responses.shape.update-tag', 'responses.shape.merge-tag'],
    description:
      'A rename or merge of a tag answers {tag} without the counts of the records it affected (spec 4.4: the change answers the tag and what it affected).',
    operations: ['updateTag', 'mergeTag'],
    aroundHandler: answerAltered((body) => without(body, 'affected')),
  },
  {
    name: 'tag-settings-answered-bare',
    area: 'conventions',
    proves: ['responses.shape.update-tag-settings'],
    description: 'PATCH /v1/tags/settings answers the settings object bare, not under `settings`.',
    operations: ['updateTagSettings'],
    aroundHandler: answerAltered((body) => body.settings),
  },
  {
    name: 'bulk-run-times-to-the-second',
    area: 'conventions',
    proves: ['responses.shape.run-bulk-action', 'responses.shape.undo-bulk-action'],
    description:
      'A bulk run and its undo answer created_at and undo_until to the whole second, without fractional seconds (spec 2.1: times carry fractional seconds).',
    operations: ['runBulkAction', 'undoBulkAction'],
    aroundHandler: answerAltered((body) => ({
      ...body,
      created_at: toTheSecond(body.created_at),
      undo_until: toTheSecond(body.undo_until),
    })),
  },
  {
    name: 'note-pin-answers-flag',
    area: 'conventions',
    proves: ['responses.shape.pin-note', 'responses.shape.unpin-note'],
    description: 'Pin and unpin of a note answer {id, pinned} instead of the timeline item (spec 4.5).',
    operations: ['pinNote', 'unpinNote'],
    aroundHandler: answerAltered((body) => ({ id: body.id, pinned: body.pinned })),
  },
  {
    name: 'member-update-without-is-me',
    area: 'conventions',
    proves: ['responses.shape.update-member'],
    description: 'PATCH /v1/members/{id} answers the member without is_me, which only the member list computes (spec 2.7: member.is_me).',
    operations: ['updateMember'],
    alsoRun: ['members.first-party-routes'],
    aroundHandler: answerAltered((body) => without(body, 'is_me')),
  },
  {
    name: 'invite-without-empty-team-ids',
    area: 'conventions',
    proves: ['responses.shape.create-invite'],
    description: 'An invite sent with no teams is answered without team_ids instead of with [] (spec 4.6).',
    operations: ['createInvite'],
    alsoRun: ['members.first-party-routes'],
    aroundHandler: answerAltered((body) => (body.team_ids?.length ? body : without(body, 'team_ids'))),
  },
  {
    name: 'conversation-counts-skip-zero',
    area: 'conversations',
    proves: ['conversations.counts-shape', 'responses.shape.get-conversation-counts'],
    description: 'GET /v1/conversations/counts leaves out the folders that count 0 instead of answering 0 for them (spec 4.8).',
    operations: ['getConversationCounts'],
    alsoRun: ['conversations.counts'],
    aroundHandler: answerAltered((body) => Object.fromEntries(Object.entries(body).filter(([, count]) => count !== 0))),
  },
  {
    name: 'board-names-pipeline-object',
    area: 'conventions',
    proves: ['responses.shape.get-lead-board'],
    description:
      "The lead board answers the pipeline shown as an object {id} under `pipeline` instead of its id under pipeline_id (the document's envelope, inferred from spec 4.2).",
    operations: ['getLeadBoard'],
    alsoRun: ['leads.board'],
    aroundHandler: answerAltered((body) => ({
      ...without(body, 'pipeline_id'),
      pipeline: body.pipeline_id === null ? null : { id: body.pipeline_id },
    })),
  },
  {
    name: 'lead-contact-add-answers-link',
    area: 'leads',
    proves: ['leads.contacts-add', 'responses.shape.add-lead-contact'],
    description: 'Adding a contact to a lead answers the link {lead_id, contact_id} instead of the contact (spec 4.2).',
    operations: ['addLeadContact'],
    alsoRun: ['leads.sub-routes'],
    aroundHandler: answerAltered((body, context) => ({ lead_id: (context.input.path as { id: string }).id, contact_id: body.id })),
  },
  {
    name: 'revoke-answers-flag',
    area: 'oauth',
    proves: ['oauth.revoke-answer', 'responses.shape.revoke-token'],
    description: 'POST /oauth/revoke answers {revoked: true} instead of an empty object (spec 5.2).',
    operations: ['revokeToken'],
    alsoRun: ['oauth.revoke-unknown-token'],
    aroundHandler: answerAltered(() => ({ revoked: true })),
  },
  {
    name: 'form-config-without-submit-text',
    area: 'conventions',
    proves: ['responses.shape.get-form-config', 'forms.config-fields'],
    description:
      "A form's configuration leaves out the submit button's text, leaving the widget to its own default (spec 2.14: the configuration the widget draws from).",
    operations: ['getFormConfig'],
    // The form checks read the inputs' form on a deployment too (the state family's forms are a mock's).
    alsoRun: ['forms.configuration'],
    aroundHandler: answerAltered((body) => without(body, 'submit')),
  },
  {
    name: 'whoami-scopes-one-string',
    area: 'auth',
    proves: ['auth.whoami-shape', 'auth.named-scopes', 'responses.shape.get-whoami'],
    description:
      'GET /v1/api-keys/whoami answers the scopes as one space-separated string, as OAuth writes scope, instead of a list (spec 4.1: scopes[]).',
    operations: ['getWhoami'],
    aroundHandler: answerAltered((body) => (Array.isArray(body.scopes) ? { ...body, scopes: body.scopes.join(' ') } : body)),
  },
  {
    name: 'hosted-page-shadowed-by-config',
    area: 'conventions',
    proves: ['responses.shape.get-hosted-form-page', 'forms.route-hosted-page'],
    description:
      "GET /f/{form_id} answers the form's configuration JSON instead of the hosted page: the widget's API route shadows the page route (spec 4.12: the hosted page is a page).",
    alsoRun: ['forms.hosted-page'],
    wrap: onOperation('getHostedFormPage', async (next, request, info, routed) =>
      next(probe(request, `/api/forms/${routed.params.form_id}`), info),
    ),
  },
  {
    name: 'authorize-refusal-generic-json',
    area: 'conventions',
    proves: ['responses.shape.authorize'],
    description:
      "GET /oauth/authorize, when it cannot send the app back (an unknown client or redirect_uri), answers the framework's generic JSON error {message} instead of an error page or the OAuth error (spec 5.2).",
    alsoRun: ['oauth.authorize-errors'],
    wrap: onOperation('authorize', async (next, request, info) => {
      const answer = await next(request, info);
      if (answer.status !== 400) return answer;
      return new Response(JSON.stringify({ message: 'Bad Request' }), {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': answer.headers.get('x-request-id') ?? '' },
      });
    }),
  },
  {
    name: 'widget-route-serves-manifest',
    area: 'conventions',
    proves: ['responses.shape.get-widget-script', 'forms.route-widget'],
    description:
      "GET /widget.js answers the bundler's manifest as JSON ({file: 'widget.<hash>.js'}) instead of the script: the static route maps the name to the build's manifest entry (spec 4.12: the embeddable script).",
    alsoRun: ['forms.widget-script'],
    wrap: onOperation('getWidgetScript', async (next, request, info) => {
      const answer = await next(request, info);
      return answer.status === 200 ? jsonAnswer(answer, 200, { file: 'widget.3f9a1c.js' }) : answer;
    }),
  },
];

/** A time to the whole second: the fraction dropped, the offset kept. */
const toTheSecond = (time: string) => time.replace(/\.\d+(?=Z|[+-]\d{2}:\d{2}$)/i, '');
