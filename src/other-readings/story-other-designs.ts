// An other reading (other-reading.ts) of the parts of the stories' areas the spec does not show
// or does not fix, each designed another way than crmkit's: the task sub-routes take PATCH (POST
// answers 405), the bulk undo lives at a route crmkit does not use, a task's `entity_label` is its
// record's name alone, a record's tags are listed by name, and two refusals whose answer the spec
// does not name (a lost stage without `loss_reason`, a required custom value cleared) answer 409
// with codes of their own. A story that judges crmkit's design as the spec's fails here.
import type { OtherReading } from './other-reading.ts';

const TASK_SUB_ROUTE = /^\/v1\/tasks\/[^/]+\/(complete|reopen|snooze|reschedule|restore)$/;
const BULK_UNDO = /^\/v1\/bulk\/runs\/[^/]+\/undo$/;

export const storyOtherDesigns: OtherReading = {
  name: 'story-other-designs',
  description:
    'Task sub-routes take PATCH, the bulk undo is elsewhere, entity_label is the name alone, tags are listed by name, ' +
    'two unnamed refusals answer 409.',
  leftOpenBy:
    '4.10 "Methods of the five sub-routes: not shown"; 4.4 the undo route is not shown (crmkit\'s is x-inferred); ' +
    '2.12 entity_label is a "display label"; no order of a record\'s tags is stated; ' +
    'part 3 and 2.11 make loss_reason and required values conditions without naming the answer',
  readings: ['leads.lost-needs-reason', 'fields.required-not-clearable'],
  wrap: (next) => async (request, info) => {
    const path = new URL(request.url).pathname;
    if (BULK_UNDO.test(path)) return answer(404, { error: { code: 'not_found', message: 'No such route.' } });
    const taskAction = TASK_SUB_ROUTE.test(path);
    const usePatch = { error: { code: 'method_not_allowed', message: 'Use PATCH.' } };
    if (taskAction && request.method === 'POST') return answer(405, usePatch, { Allow: 'PATCH' });
    const sent = request.method === 'PATCH' ? await request.clone().text() : '';
    // crmkit's own handler takes POST: PATCH is sent on to it as that.
    const asPost = () => new Request(request.url, { method: 'POST', headers: request.headers, body: sent || undefined });
    const forwarded = taskAction ? asPost() : request;
    return redesigned(await next(forwarded, info), path, sent);
  },
};

async function redesigned(response: Response, path: string, sent: string): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('json')) return response;
  const body = (await response.clone().json()) as Record<string, any>;
  const refusal = response.status === 422 ? refusalOf(body, sent) : undefined;
  if (refusal) return answer(409, { error: { ...body.error, code: refusal, fields: undefined } });
  if (!response.ok) return response;
  for (const record of Array.isArray(body.data) ? body.data : [body]) relabel(record, path);
  return answer(response.status, body, Object.fromEntries(response.headers));
}

/** The two refusals the spec does not name, answered with codes of this design's own. */
function refusalOf(body: Record<string, any>, sent: string): string | undefined {
  const fields = Object.keys(body.error?.fields ?? {});
  if (fields.includes('loss_reason')) return 'loss_reason_required';
  const custom = (JSON.parse(sent || '{}') as { custom?: Record<string, unknown> }).custom ?? {};
  const cleared = Object.keys(custom).filter((key) => custom[key] === null);
  return cleared.some((key) => fields.includes(`custom.${key}`)) ? 'field_required' : undefined;
}

function relabel(record: Record<string, any> | null, path: string): void {
  if (!record || typeof record !== 'object') return;
  const tags = record.tags as unknown;
  if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) record.tags = [...tags].sort((a, b) => a.localeCompare(b));
  const label = record.entity_label as unknown;
  if (path.startsWith('/v1/tasks') && typeof label === 'string') record.entity_label = label.replace(/ #\d+$/, '');
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const { 'content-length': _length, ...kept } = headers;
  return new Response(JSON.stringify(body), { status, headers: { ...kept, 'content-type': 'application/json; charset=utf-8' } });
}
