// Every method and path that part 4 of the spec names, typed out from the spec itself
// (not read from the OpenAPI document), so that the coverage test can catch what the
// document lacks. `*` stands for a method the spec does not show. Concrete segments
// (`/v1/bulk/leads/run`) stand for the spec's `{leads|contacts|companies}` choices.
export type SpecRoute = { section: string; method: string; path: string; origin?: 'hub_url' | 'workspace_url' };

const route = (section: string, method: string, path: string, origin?: SpecRoute['origin']): SpecRoute =>
  origin ? { section, method, path, origin } : { section, method, path };

export const specPart4: SpecRoute[] = [
  route('4.1', 'GET', '/v1/api-keys/whoami'),

  route('4.2', 'GET', '/v1/leads'),
  route('4.2', 'GET', '/v1/leads/board'),
  route('4.2', 'POST', '/v1/leads'),
  route('4.2', 'GET', '/v1/leads/{id}'),
  route('4.2', 'PATCH', '/v1/leads/{id}'),
  route('4.2', 'DELETE', '/v1/leads/{id}'),
  route('4.2', 'POST', '/v1/leads/{id}/restore'),
  route('4.2', 'GET', '/v1/leads/{id}/contacts'),
  route('4.2', 'POST', '/v1/leads/{id}/contacts'),
  route('4.2', 'DELETE', '/v1/leads/{id}/contacts/{contactID}'),
  route('4.2', 'GET', '/v1/leads/{id}/products'),
  route('4.2', 'POST', '/v1/leads/{id}/products'),
  route('4.2', 'PATCH', '/v1/leads/{id}/products/{itemID}'),
  route('4.2', 'DELETE', '/v1/leads/{id}/products/{itemID}'),

  route('4.3', 'GET', '/v1/contacts'),
  route('4.3', 'POST', '/v1/contacts'),
  route('4.3', 'GET', '/v1/contacts/{id}'),
  route('4.3', 'PATCH', '/v1/contacts/{id}'),
  route('4.3', 'DELETE', '/v1/contacts/{id}'),
  route('4.3', 'POST', '/v1/contacts/{id}/restore'),

  route('4.4', 'GET', '/v1/tags'),
  route('4.4', 'POST', '/v1/tags'),
  route('4.4', 'PATCH', '/v1/tags/{id}'),
  route('4.4', 'POST', '/v1/tags/{id}/merge'),
  route('4.4', 'DELETE', '/v1/tags/{id}'),
  route('4.4', '*', '/v1/tags/settings'),
  route('4.4', 'POST', '/v1/bulk/leads/run'),
  route('4.4', 'POST', '/v1/bulk/contacts/run'),
  route('4.4', 'POST', '/v1/bulk/companies/run'),

  route('4.5', 'GET', '/v1/timeline'),
  route('4.5', 'POST', '/v1/notes'),
  route('4.5', 'POST', '/v1/notes/{id}/pin'),
  route('4.5', 'DELETE', '/v1/notes/{id}/pin'),
  route('4.5', 'DELETE', '/v1/notes/{id}'),
  route('4.5', 'PATCH', '/v1/notes/{id}'),

  route('4.6', 'GET', '/v1/members'),
  route('4.6', 'GET', '/v1/teams'),
  route('4.6', 'POST', '/v1/invites'),
  route('4.6', 'PATCH', '/v1/members/{id}'),
  route('4.6', 'POST', '/v1/members/{id}/deactivate'),
  route('4.6', 'POST', '/v1/teams'),
  route('4.6', 'PATCH', '/v1/teams/{id}'),
  route('4.6', 'DELETE', '/v1/teams/{id}'),

  route('4.7', 'GET', '/v1/products'),
  route('4.7', 'POST', '/v1/products'),
  route('4.7', 'GET', '/v1/products/{id}'),
  route('4.7', 'PATCH', '/v1/products/{id}'),
  route('4.7', 'DELETE', '/v1/products/{id}'),

  route('4.8', 'GET', '/v1/conversations'),
  route('4.8', 'GET', '/v1/conversations/counts'),
  route('4.8', 'GET', '/v1/conversations/{id}'),
  route('4.8', 'GET', '/v1/conversations/{id}/messages'),
  route('4.8', 'POST', '/v1/conversations/{id}/messages'),
  route('4.8', 'POST', '/v1/messages/{id}/retry'),
  route('4.8', 'POST', '/v1/conversations/{id}/assign'),
  route('4.8', 'POST', '/v1/conversations/{id}/resolve'),
  route('4.8', 'POST', '/v1/conversations/{id}/reopen'),
  route('4.8', 'POST', '/v1/conversations/{id}/snooze'),

  route('4.9', 'GET', '/v1/fields'),
  route('4.9', 'POST', '/v1/fields'),
  route('4.9', 'PATCH', '/v1/fields/{id}'),
  route('4.9', 'DELETE', '/v1/fields/{id}'),

  route('4.10', 'GET', '/v1/tasks'),
  route('4.10', 'POST', '/v1/tasks'),
  route('4.10', 'GET', '/v1/tasks/{id}'),
  route('4.10', 'PATCH', '/v1/tasks/{id}'),
  route('4.10', 'DELETE', '/v1/tasks/{id}'),
  route('4.10', '*', '/v1/tasks/{id}/complete'),
  route('4.10', '*', '/v1/tasks/{id}/reopen'),
  route('4.10', '*', '/v1/tasks/{id}/snooze'),
  route('4.10', '*', '/v1/tasks/{id}/reschedule'),
  route('4.10', '*', '/v1/tasks/{id}/restore'),

  route('4.11', 'POST', '/v1/webhooks'),
  route('4.11', 'PATCH', '/v1/webhooks/{id}'),
  route('4.11', 'POST', '/v1/webhooks/{id}/ping'),
  route('4.11', 'POST', '/v1/webhooks/{id}/enable'),
  route('4.11', 'POST', '/v1/webhooks/{id}/rotate-secret'),
  route('4.11', 'GET', '/v1/webhooks/{id}/deliveries'),
  route('4.11', 'GET', '/v1/webhooks/{id}/deliveries/{did}'),
  route('4.11', 'POST', '/v1/webhooks/{id}/deliveries/{did}/replay'),

  route('4.12', 'GET', '/api/forms/{form_id}', 'workspace_url'),
  route('4.12', 'POST', '/api/forms/{form_id}/submit', 'workspace_url'),
  route('4.12', 'GET', '/widget.js', 'workspace_url'),
  route('4.12', 'GET', '/f/{form_id}', 'workspace_url'),

  route('4.13', 'POST', '/v1/query/leads'),
  route('4.13', 'POST', '/v1/query/contacts'),
  route('4.13', 'POST', '/v1/query/companies'),
  route('4.13', 'GET', '/v1/query/leads/fields'),
  route('4.13', 'GET', '/v1/query/contacts/fields'),
  route('4.13', 'GET', '/v1/query/companies/fields'),

  route('4.15', 'GET', '/oauth/authorize', 'hub_url'),
  route('4.15', 'POST', '/oauth/token'),
  route('4.15', 'POST', '/oauth/revoke'),
];

/** Every event of spec 6.4 (without the `invoice.*` group pattern) and 6.5. */
export const specEvents = [
  'lead.created', 'lead.stage_changed', 'lead.won', 'lead.lost', 'contact.created', 'contact.updated',
  'note.created', 'product.created', 'product.archived', 'task.created', 'task.completed',
  'message.queued', 'message.sent', 'message.delivered', 'message.read', 'message.failed',
  'message.edited', 'message.deleted', 'conversation.assigned', 'conversation.status_changed',
  'form.submitted', 'webhook.disabled', 'ping',
  'app.installed', 'app.scopes_changed', 'app.settings_updated', 'app.uninstalled',
];

/** Every code of spec 7.3 with its status(es), plus key_inactive (5.1). */
export const specErrorCodes: Record<string, number[]> = {
  validation_failed: [422], bad_json: [400], unknown_field: [400], body_too_large: [413],
  invalid_cursor: [400], invalid_id_type: [400], not_found: [404], gone: [410],
  missing_scope: [403], forbidden: [403], permission_denied: [403], invalid_token: [401],
  key_expired: [401], key_revoked: [401], key_inactive: [409], ip_not_allowed: [403],
  credentials_in_url: [400], rate_limited: [429], concurrency_limited: [429],
  limit_reached: [403, 409, 422], plan_required: [403], read_only: [402], no_pipeline: [409, 422],
  duplicate_lead: [409], opted_out: [409], not_failed: [409], tags_admins_only: [403],
  tag_limit: [409], tag_exists: [409], edit_window_closed: [403], form_expired: [409],
  form_quota_reached: [429], form_unavailable: [404], origin_not_allowed: [403],
  query_too_slow: [422], too_many_conditions: [422], invalid_query: [422], masked_filter: [422],
  masked_sort: [422], internal: [500],
  // status not shown in the spec; the document infers it
  task_not_open: [],
};

/** Extra keys that spec 7.1 names per code. */
export const specErrorExtras: Record<string, string[]> = {
  forbidden: ['permission'], rate_limited: ['reason', 'limit'],
  limit_reached: ['key', 'limit', 'used', 'plan', 'upgrade_to'], missing_scope: ['scope'],
  tag_exists: ['tag_id'], gone: ['deleted_at'],
};
