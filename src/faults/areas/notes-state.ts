// Mutants of timeline items and notes (spec 2.6, 4.5): who may edit or delete a note, what the
// timeline lists and in which order.
import { answeredBody } from './handler-answer.ts';
import { callerOf } from '../../http/handler.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { alterOk, errorAnswer, onListQuery, onOperation, probe, queryOf, sentJson } from '../request-match.ts';
import { shortId, workspaceHolding } from '../stored-ids.ts';

export const notesStateMutants: readonly Fault[] = [
  {
    name: 'change-item-without-label',
    area: 'notes',
    proves: ['notes.item-change-data', 'responses.shape.list-timeline'],
    description:
      'Timeline change items carry field, from and to but no label (the label is looked up in the web app) (spec 2.6: change has field, label, from, to).',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const unlabel = (item: any) => (item?.kind === 'change' && item.data ? { ...item, data: { ...item.data, label: undefined } } : item);
      return alterOk(await next(request, info), (body) => ({ ...body, data: (body.data ?? []).map(unlabel) }));
    }),
  },
  {
    name: 'note-edit-by-key-taken',
    area: 'notes',
    proves: ['notes.api-key-cannot-edit', 'responses.shape.update-note'],
    description:
      'An API key may edit a note: the edit is saved and answered 200 (the author check looks at members only) (spec 4.5: API keys cannot edit notes).',
    wrap: onOperation(['updateNote', 'deleteNote'], (next, request, info, { params }, state) =>
      onErrorCode('edit_window_closed', async (response, _body, request) => {
        const id = shortId('nt', params.id) ? params.id : undefined;
        const workspace = id && request.headers.get('authorization') ? workspaceHolding(state, 'timeline', id) : undefined;
        const text = (await sentJson(request))?.text;
        if (!workspace || !workspace.tables.timeline.get(id!) || typeof text !== 'string') return response;
        await workspace.tables.timeline.update(id!, (draft: any) => void (draft.data = { ...draft.data, text }));
        return changed(response, { status: 200, body: workspace.tables.timeline.get(id!) });
      })(next)(request, info),
    ),
  },
  {
    name: 'timeline-oldest-first',
    area: 'notes',
    proves: ['notes.timeline-newest-first', 'notes.pin-on-top', 'notes.unpin'],
    description: 'The timeline lists items oldest first (pinned notes at the end) instead of newest first with pinned notes on top.',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, data: [...body.data].reverse() } });
    }),
  },
  {
    name: 'note-edit-window-never-closes',
    area: 'notes',
    proves: ['notes.edit-window-closed', 'notes.limit-edit-window'],
    description: "A note's author can edit it at any time: the 24-hour editing window is never enforced.",
    wrap: onOperation(['updateNote', 'deleteNote'], (next, request, info, { params }, state) =>
      onErrorCode('edit_window_closed', async (response, _body, request) => {
        const id = shortId('nt', params.id) ? params.id : undefined;
        const workspace = id && request.headers.get('cookie') ? workspaceHolding(state, 'timeline', id) : undefined;
        const note = workspace?.tables.timeline.get(id!);
        if (!workspace || !note) return response;
        const writtenAt = note.occurred_at;
        await workspace.tables.timeline.update(note.id, (draft) => void (draft.occurred_at = new Date(workspace.now()).toISOString()));
        try {
          return await next(request);
        } finally {
          await workspace.tables.timeline.update(note.id, (draft) => void (draft.occurred_at = writtenAt));
        }
      })(next)(request, info),
    ),
  },
  {
    name: 'timeline-kinds-ignored',
    area: 'notes',
    proves: ['notes.timeline-kinds'],
    description: 'The timeline ignores `kinds` and lists items of every kind.',
    wrap: onListQuery('listTimeline', (query) => query.delete('kinds')),
  },
  // Blind fault hunt (the faults below were written from the spec and the mock, not from the checks).
  {
    name: 'timeline-notes-editable-by-keys',
    area: 'notes',
    proves: ['notes.item-editable-deletable'],
    description: 'Timeline items show notes as editable to an API key, which can never edit a note (spec 2.6 editable, 4.5).',
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!/^Bearer\s+svc_live_/i.test(request.headers.get('authorization') ?? '')) return response;
      return alterOk(response, (body) => ({
        ...body,
        data: body.data?.map((item: any) => (item.kind === 'note' ? { ...item, editable: true } : item)),
      }));
    }),
  },
  {
    name: 'pinned-note-not-on-top',
    area: 'notes',
    proves: ['notes.pin-on-top'],
    description: 'The timeline is sorted by time (then id) only: a pinned note stays in its place instead of on top (spec 4.5).',
    wrap: onOperation('listTimeline', async (next, request, info) =>
      alterOk(await next(request, info), (body) => ({
        ...body,
        data: Array.isArray(body.data)
          ? [...body.data].sort(
              (a: any, b: any) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
            )
          : body.data,
      })),
    ),
  },
  {
    name: 'note-pin-without-scope',
    area: 'notes',
    proves: ['notes.pin-scope'],
    description:
      'Pinning and unpinning a note check no scope (the route was added later without the guard): any key of the workspace pins, where notes:write is needed (spec 4.5).',
    wrap: onOperation(['pinNote', 'unpinNote'], async (next, request, info, _routed, state) => {
      const copy = request.clone();
      const response = await next(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' ? retryAsOwner(state, next, copy, response) : response;
    }),
  },
  {
    name: 'timeline-needs-leads-read',
    area: 'notes',
    proves: ['notes.timeline-scope'],
    description:
      "The timeline checks leads:read whatever the record type: a key with contacts:read alone gets 403 missing_scope for a contact's timeline (spec 4.5: the read scope of the record type).",
    wrap: onOperation('listTimeline', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok || queryOf(request).get('entity_type') === 'lead') return response;
      const leadsProbe = await next(probe(request, '/v1/leads?limit=1'), info);
      return leadsProbe.status === 403 ? leadsProbe : response;
    }),
  },
  {
    name: 'note-delete-needs-notes-write',
    area: 'notes',
    proves: ['notes.delete-scope'],
    description:
      'Deleting a note checks notes:write instead of the write scope of its record type: a key with leads:write alone gets 403 missing_scope (spec 4.5).',
    wrap: (next, state) =>
      onOperation('deleteNote', async (next, request, info) => {
        if (!/^Bearer\s+/i.test(request.headers.get('authorization') ?? '')) return next(request, info);
        const whoami = await next(probe(request, '/v1/api-keys/whoami'));
        const scopes: string[] | undefined = whoami.ok ? (await jsonOf(whoami))?.scopes : undefined;
        if (!scopes || scopes.includes('notes:write')) return next(request, info);
        return errorAnswer(state, whoami, 403, {
          code: 'missing_scope',
          message: 'This key lacks the scope notes:write.',
          scope: 'notes:write',
        });
      })(next, state),
  },
  {
    name: 'unpin-keeps-pin',
    area: 'notes',
    proves: ['notes.unpin'],
    description:
      'Unpinning a note answers it with pinned false but never saves it: the note stays pinned on top of the timeline (spec 4.5).',
    wrap: onOperation('unpinNote', async (next, request, info) => {
      const pinned = await next(new Request(request.url, { method: 'POST', headers: request.headers }), info);
      return alterOk(pinned, (body) => ({ ...body, pinned: false }));
    }),
  },
  {
    name: 'note-key-actor-system',
    area: 'notes',
    proves: ['notes.item-actor-api-key'],
    description:
      'A note added with an API key is stored with actor {type: system} instead of {type: api_key, id} (spec 2.6 actor, README reading 1).',
    // The handler's own write, inside the request's transaction.
    operations: ['createNote'],
    async aroundHandler(next, context) {
      const result = await next();
      const item = answeredBody(result);
      const { workspace } = callerOf(context);
      if (item?.actor?.type !== 'api_key' || !workspace.tables.timeline.get(item.id)) return result;
      const actor = { type: 'system', id: '' } as const;
      await workspace.tables.timeline.update(item.id, (draft: any) => void (draft.actor = actor));
      return { ...(result as object), body: { ...item, actor } };
    },
  },
];
