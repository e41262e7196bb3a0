// An other reading (other-reading.ts) of what the stories' areas leave open, each taken another way
// than crmkit's: the bulk undo takes PUT (POST answers 405), a task's `entity_label` is its record's
// name alone, a record's tags are listed by name, and two refusals whose answer the spec does not
// name (a lost stage without `loss_reason`, a required custom value cleared) answer 409 with codes
// of their own. A story that judges crmkit's design as the spec's fails here.
import { changed } from '../faults/fault.ts';
import { reanswered } from './error-answer.ts';
import type { OtherReading } from './other-reading.ts';
import { designedRoutes } from './route-design.ts';

const BULK_UNDO = /^\/v1\/bulk\/runs\/[^/]+\/undo$/;

export const STORY_OTHER_DESIGNS: OtherReading[] = [
  {
    name: 'story-other-designs',
    description:
      "The bulk undo takes PUT, entity_label is the record's name alone, tags are listed by name, " +
      'two refusals the spec does not name answer 409 with codes of their own.',
    leftOpenBy:
      '4.4 the undo route is not shown (crmkit\'s is x-inferred); 2.12 entity_label is a "display label"; ' +
      "no order of a record's tags is stated; part 3 and 2.11 make loss_reason and required values conditions without naming the answer",
    readings: ['leads.lost-needs-reason-answer', 'fields.required-not-clearable-answer'],
    wrap: (next, state) => {
      const routed = designedRoutes(next, state, [{ path: BULK_UNDO, offers: { PUT: 'POST' } }]);
      return async (request, info) => {
        const sent = request.method === 'PATCH' ? await request.clone().text() : '';
        return redesigned(request, await routed(request, info), sent);
      };
    },
  },
];

async function redesigned(request: Request, response: Response, sent: string): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('json')) return response;
  const body = (await response.clone().json()) as Record<string, any>;
  const refusal = response.status === 422 ? refusalOf(body, sent) : undefined;
  const error = body as { error: Record<string, any> };
  if (refusal) return reanswered(request, response, error, { status: 409, code: refusal, extras: { fields: undefined } });
  if (!response.ok) return response;
  const path = new URL(request.url).pathname;
  for (const record of Array.isArray(body.data) ? body.data : [body]) relabel(record, path);
  return changed(response, { body });
}

/** The two refusals the spec does not name, answered with codes of this design's own. */
function refusalOf(body: Record<string, any>, sent: string): string | undefined {
  const fields = Object.keys(body.error?.fields ?? {});
  if (fields.includes('loss_reason')) return 'loss_reason_required';
  const custom = (JSON.parse(sent || '{}') as { custom?: Record<string, unknown> }).custom ?? {};
  const cleared = Object.keys(custom).filter((key) => custom[key] === null);
  return cleared.some((key) => fields.includes(`custom.${key}`)) ? 'field_required' : undefined;
}

function relabel(record: Record<string, unknown> | null, path: string): void {
  if (!record || typeof record !== 'object') return;
  const tags = record.tags;
  if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) record.tags = [...tags].sort((a, b) => a.localeCompare(b));
  const label = record.entity_label;
  if (path.startsWith('/v1/tasks') && typeof label === 'string') record.entity_label = label.replace(/ #\d+$/, '');
}
