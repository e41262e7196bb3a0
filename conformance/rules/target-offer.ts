// What a target offers the catalog's `needs` and `wait` (rules/README.md): a crmkit mock offers
// everything (the suite provisions keys, forms and apps, and moves its clock); a deployment offers
// the inputs its person handed over (a member who signs in to the hub approves consent), a public
// receiver when one is given, and waiting out minutes when the user allows it. A rule this target could let the suite judge is an observable rule with
// checks whose needs the offer meets.
import type { TargetOptions } from '../target.ts';
import { NEEDS, type Need, type Rule } from './catalog.ts';

/** The longest timing the suite waits out against a deployment (with --wait-for-retries): minutes, never hours. */
export const DEPLOYMENT_WAIT_MINUTES = 10;

export type TargetOffer = {
  given: ReadonlySet<Need>;
  /** How long the suite may wait out a timing of the spec. */
  waitMinutes: number;
  readOnly: boolean;
};

/** What the options of a run give: a mock without `apiKey`, a deployment with it. */
export function offerOf(options: TargetOptions): TargetOffer {
  const readOnly = options.readOnly ?? false;
  if (!options.apiKey) return { given: new Set(Object.keys(NEEDS) as Need[]), waitMinutes: Infinity, readOnly };
  const given: [Need, unknown][] = [
    ['key', options.apiKey],
    ['limited-key', options.limitedKey ?? options.limitedKeys?.[0]],
    ['other-workspace-key', options.otherWorkspaceKey],
    ['revoked-key', options.revokedKey],
    ['expired-key', options.expiredKey],
    ['ip-restricted-key', options.ipRestrictedKey],
    ['form', options.formId],
    ['open-form', options.openFormId],
    ['conversation', options.conversationId],
    ['oauth-client', options.clientId],
    // The inputs' hub_member approves consent requests in headless Chromium (conformance/kits/hub-browser.ts).
    ['consent', options.hubMember],
    ['receiver', options.webhookReceiverUrl],
  ];
  const waitMinutes = options.waitForRetries ? DEPLOYMENT_WAIT_MINUTES : 0;
  return { given: new Set(given.filter(([, value]) => value).map(([need]) => need)), waitMinutes, readOnly };
}

/** Why this target cannot let the suite judge the rule; empty when it can. `writes` tells whether each of its checks writes. */
export function unmetNeeds(rule: Rule, offer: TargetOffer, writes: (check: string) => boolean): string[] {
  if (rule.unobservable) return ['no call of the interface can observe it'];
  if (!rule.checks.length) return ['no check judges it yet'];
  const reasons = rule.needs.filter((need) => !offer.given.has(need)).map((need) => `needs ${NEEDS[need]}`);
  if (rule.waitMinutes !== undefined && rule.waitMinutes > offer.waitMinutes) reasons.push(waitReason(rule.waitMinutes));
  if (offer.readOnly && rule.checks.every(writes)) reasons.push('its checks send writes; the run is read-only');
  return reasons;
}

function waitReason(minutes: number): string {
  const wait = `waits ${durationOf(minutes)}`;
  if (minutes > DEPLOYMENT_WAIT_MINUTES) return `${wait}: against a deployment the suite waits out minutes only (a mock's clock it moves)`;
  return `${wait}: give --wait-for-retries`;
}

/** `3 min`, `25 h`, `3 d`. */
export function durationOf(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}
