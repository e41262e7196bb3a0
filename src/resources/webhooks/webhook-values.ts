// A webhook's values from a create or update body (spec 4.11): the URL rules, filters checked
// against the workspace, and a new secret on creation.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { filtersFrom } from './event-filters.ts';
import type { StoredWebhook } from './webhook-record.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import { urlProblem } from './webhook-url.ts';

export type WebhookCreate = components['schemas']['WebhookCreate'];
export type WebhookUpdate = components['schemas']['WebhookUpdate'];

/** The URL sent, or 422 `validation_failed` under `url` when it breaks a rule. */
export function checkedUrl(context: RecordContext, url: string): string {
  const problem = urlProblem(url, context.state.config.allowPrivateWebhooks);
  if (problem) throw new ApiError('validation_failed', { fields: { url: problem } });
  return url;
}

export function newWebhook(context: RecordContext, body: WebhookCreate): StoredWebhook {
  return {
    id: context.workspace.newId('webhook'),
    object: 'webhook',
    name: body.name,
    url: checkedUrl(context, body.url),
    events: [...body.events],
    filters: filtersFrom(context.workspace, body.filters),
    active: true,
    status: 'active',
    disabled_at: null,
    disabled_reason: null,
    created_at: context.nowIso(),
    secret: newWebhookSecret(),
    failing_since: null,
  };
}

/** The stored fields a PATCH changes (`active` is handled apart: it changes state, spec 3). */
export function webhookChanges(context: RecordContext, body: WebhookUpdate): Partial<StoredWebhook> {
  const changes: Partial<StoredWebhook> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.url !== undefined) changes.url = checkedUrl(context, body.url);
  if (body.events !== undefined) changes.events = [...body.events];
  if (body.filters !== undefined) changes.filters = filtersFrom(context.workspace, body.filters);
  return changes;
}
