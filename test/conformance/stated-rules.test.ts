// The rules the readings review found stated (docs/readings-review.md) fail, not warn, when broken:
// against each named fault, the rule's result as a deployment's run would judge it (ruleResults
// with mock false: a `reading` would only warn there) is failed. One mock per fault, running only
// the checks of the rules it must break (and, for an observer, the conventions and auth areas' requests).
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../conformance/areas/index.ts';
import { runConformance } from '../../conformance/run.ts';
import { rulesById } from '../../conformance/rules/catalog.ts';
import { ruleResults } from '../../conformance/rules/rule-results.ts';
import { startServer } from '../../src/adapters/node-server.ts';
import { createMock } from '../../src/mock.ts';

/** A stated rule and the named fault that breaks it. */
const BROKEN_BY: Record<string, string> = {
  'contacts.name-from-email': 'contact-unnamed-placeholder',
  'contacts.preferred-language-other-refused': 'contact-language-unchecked',
  'conventions.request-body-json-object': 'malformed-json-as-422',
  'conventions.id-opaque-exact': 'not-found-as-409',
  'conventions.time-sent-offset': 'time-without-offset-accepted',
  'conventions.money-decimal-refused': 'lead-amount-decimal-rounded',
  'conventions.ids-only-elsewhere': 'not-found-as-409',
  'conversations.retry-failed': 'retry-sends-nothing',
  'conversations.assign-unknown-member': 'assign-foreign-member-accepted',
  'conversations.snooze-until-offset': 'snooze-until-without-offset-as-utc',
  'conversations.snooze-future': 'snooze-past-accepted',
  'conversations.send-text-required': 'send-missing-text-as-blank',
  'conversations.sla-due-while-waiting': 'sla-due-never-set',
  'errors.message-russian': 'messages-always-english',
  'errors.message-uzbek': 'messages-always-english',
  'errors.fields-only-field-problems': 'not-found-with-fields',
  'errors.docs-url': 'docs-url-relative',
  'events.actor-system-empty-id': 'system-actor-named',
  'events.form-known-contact': 'form-contact-always-announced',
  'events.product-archived': 'product-archive-not-announced',
  'events.webhook-disabled-whatever-subscribed': 'webhook-disabled-not-announced',
  'fields.label-plain-string': 'field-label-string-replaces-english',
  'conventions.localized-names-plain-string': 'field-label-string-replaces-english',
  'fields.required-not-clearable': 'custom-required-cleared-silently',
  'forms.hosted-page-unavailable': 'hosted-page-of-deleted-form-served',
  'forms.hosted-page-paused': 'form-hosted-page-paused-served',
  'forms.widget-version-immutable': 'form-widget-version-not-immutable',
  'forms.limit-per-form-burst': 'form-burst-limit-missing',
  'forms.limit-request-size': 'form-long-urls-cut-before-size-check',
  'forms.card-numbers': 'form-card-numbers-accepted',
  'forms.limit-answers': 'form-answers-past-40-dropped',
  'leads.number-integer': 'lead-number-as-text',
  'leads.company-object': 'lead-company-without-id',
  'leads.utm-other-key': 'lead-utm-other-keys-dropped',
  'leads.lost-needs-reason': 'lost-without-reason',
  'limits.rate-per-key': 'rate-limit-per-workspace',
  'limits.rate-limited-reason-limit': 'rate-limited-without-reason',
  'limits.read-only-reads': 'read-only-refuses-reads',
  'limits.concurrency-limited': 'concurrency-as-rate-limited',
  'limits.concurrency-retry-after': 'concurrency-limited-without-retry-after',
  'members.is-me': 'member-is-me-every-active',
  'members.first-party-other-roles': 'first-party-any-role',
  'members.first-party-owners-admins': 'first-party-owner-only',
  'members.deactivate-status': 'member-status-inactive',
  'notes.api-key-cannot-edit': 'note-edit-by-key-taken',
  'notes.item-change-data': 'change-item-without-label',
  'oauth.approval-by-owner-admin': 'consent-form-names-member',
  'oauth.pkce-verifier-length': 'verifier-length-not-checked',
  'products.price-integer': 'product-price-decimal-rounded',
  'query.masked-filter': 'query-masked-partial-match-allowed',
  'query.masked-sort': 'query-masked-partial-match-allowed',
  'query.nesting-limit': 'query-third-level-accepted',
  'tags.color-outside-palette': 'tag-color-outside-palette-dropped',
  'tags.create-color-ignored': 'tag-color-kept-for-non-managers',
  'tags.create-needs-edit-rights': 'tag-create-without-edit-rights',
  'tasks.delete-trash': 'task-delete-not-saved',
  'tasks.timeline-actor': 'task-timeline-actor-system',
  'tasks.list-due': 'task-due-filter-ignored',
  'tasks.create-assignee-required': 'task-key-assignee-defaults-to-owner',
  'webhooks.gone-disables': 'gone-answer-not-disabling',
  'webhooks.resend-oldest-first': 'resend-newest-first',
  'webhooks.url-localhost': 'webhook-localhost-subdomain-accepted',
  // Issue 22, H2 item 4: the stated rules that had no fault of their own.
  'companies.read': 'company-read-without-number',
  'companies.patch': 'company-patch-answers-before',
  'companies.delete-to-trash': 'company-delete-removes',
  'companies.restore': 'company-restore-renumbers',
  'conventions.money-workspace-currency': 'lead-currency-only-with-amount',
  'members.team-ids-match': 'member-team-ids-first-only',
  'tags.record-adds-to-catalog': 'record-tags-kept-off-catalog',
  'webhooks.connection-error-fails': 'connection-error-as-success',
  // The verdict review (session 31): stated outcomes on a route whose method alone is not shown, once
  // the deployment answers the method as the route; bulk effects once a run is taken; forbidden's status.
  'tasks.complete': 'done-task-snoozes',
  'tasks.reopen': 'task-reopen-refused',
  'tasks.snooze-open': 'task-snooze-status-snoozed',
  'tasks.snooze-not-open': 'done-task-snoozes',
  'tasks.error-task-not-open': 'task-snooze-done-as-invalid-state',
  'tasks.reschedule': 'reschedule-reopens-task',
  'tasks.complete-result': 'task-complete-result-dropped',
  'tasks.restore': 'task-restore-not-saved',
  'tags.settings-scope': 'tag-settings-without-manage',
  'tags.bulk-add': 'bulk-add-tag-replaces',
  'tags.bulk-remove': 'bulk-remove-skips-first',
  'tags.bulk-replace': 'bulk-replace-merges',
  'tags.bulk-replace-empty': 'bulk-replace-empty-noop',
  'tags.bulk-others-change': 'bulk-skip-changes-none',
  'errors.forbidden': 'forbidden-as-401',
  'conventions.localized-names-object': 'pipeline-names-one-language',
};

/**
 * Stated rules a deployment's run can judge only through a route the spec does not show
 * (`x-inferred-route`): their failures warn there (spec README, reading 3), and the fault is
 * still caught. `oauth.approval-by-owner-admin` is judged on the consent form's post, a route a
 * deployment may not have. (`conventions.ids-only-elsewhere` is judged on the webhook ping too, a route
 * the spec shows, and `webhooks.gone-disables` on what the disabled webhook is still sent, a stated effect: both fail.)
 */
const THROUGH_AN_INFERRED_ROUTE = new Set(['oauth.approval-by-owner-admin']);

const catalog = rulesById();
const byFault = new Map<string, string[]>();
for (const [rule, fault] of Object.entries(BROKEN_BY)) byFault.set(fault, [...(byFault.get(fault) ?? []), rule]);

/** The rules' results, as against a deployment, from a run of their checks against a mock with the fault. */
async function resultsUnder(fault: string, rules: string[]): Promise<Record<string, string>> {
  const mock = createMock({ faults: [fault], allowPrivateWebhooks: true });
  const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  try {
    const checks = [...new Set(rules.flatMap((rule) => catalog.get(rule)?.checks ?? []))];
    // An observer judges the exchanges of other checks: the conventions and auth areas' requests give it errors to look at.
    const observes = ALL_CHECKS.some((check) => check.kind === 'observer' && checks.includes(check.id));
    const only = observes ? [...checks, 'conventions', 'auth'] : checks;
    const report = await runConformance({ baseUrl: server.url, only });
    const asAgainstADeployment = ruleResults(report.results, false).filter((rule) => rules.includes(rule.id));
    return Object.fromEntries(asAgainstADeployment.map((rule) => [rule.id, rule.outcome]));
  } finally {
    await server.close();
  }
}

describe('the rules the readings review made stated', () => {
  it('have no reading: against a deployment their failures fail', () => {
    expect(Object.keys(BROKEN_BY).filter((rule) => !catalog.has(rule) || catalog.get(rule)!.reading)).toEqual([]);
  });

  for (const [fault, rules] of byFault) {
    it.concurrent(`fail under ${fault}: ${rules.join(', ')}`, async ({ expect }) => {
      const outcomes = await resultsUnder(fault, rules);
      expect(outcomes).toEqual(Object.fromEntries(rules.map((rule) => [rule, THROUGH_AN_INFERRED_ROUTE.has(rule) ? 'warned' : 'failed'])));
    });
  }
});
