// The catalog of the spec's rules (conformance/areas/<area>/rules.yaml): every testable rule of spec parts 2
// to 9, one entry each, with the checks that judge it or the reason no call can observe it. It is
// the one place where a rule meets its checks: checks, tests and the document name rule ids. The
// answers' shape rules, one per operation, are generated from the document (shape-rules.ts).
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { AREAS, type Area } from '../../src/spec/areas.ts';
import { shapeRules } from './shape-rules.ts';

/**
 * What judging a rule on a deployment takes (on a crmkit mock the suite provisions it all): the
 * inputs file's keys, form and OAuth client, a person's approval, a public receiver, or only a
 * mock's control API. How long a rule takes to wait out is its `wait`, not a need.
 */
export const NEEDS = {
  key: 'an API key of the workspace (api_key)',
  'limited-key': 'a key without some scopes (limited_key or limited_keys, --limited-key, --limited-keys)',
  'other-workspace-key': 'a key of another workspace (other_workspace_key, --other-workspace-key)',
  'revoked-key': 'a revoked key (revoked_key, --revoked-key)',
  'expired-key': 'an expired key (expired_key, --expired-key)',
  'ip-restricted-key': "a key restricted to IP addresses that are not the suite's (ip_restricted_key, --ip-restricted-key)",
  form: 'a public form of the workspace (form_id, --form-id)',
  'open-form': 'a public form without consent text and without allowed websites (open_form_id, --open-form-id)',
  conversation:
    'a conversation of a test client the suite may send to, assign, resolve, reopen and snooze (conversation_id, --conversation-id)',
  'oauth-client': 'an OAuth client (oauth_client, --client-id, --client-secret, --redirect-uri)',
  consent: "an approval of an OAuth consent request: hub_member signing in to the hub in headless Chromium, or a crmkit mock's control API",
  receiver: 'a webhook receiver the deployment can reach (webhook_receiver_url, --webhook-receiver-url)',
  control: "only a crmkit mock's control API (its simulated channels, sessions, settings, keys of chosen scopes)",
} as const;
export type Need = keyof typeof NEEDS;

export type Rule = {
  /** Stable, `<area>.<slug>`; never reused for another rule. */
  id: string;
  /** The spec section, e.g. `4.2` or `3`. */
  section: string;
  /** The rule in one sentence. */
  rule: string;
  needs: Need[];
  /** How long judging it waits out a timing of the spec (`2m`, `25h`, `3d`), in minutes; a mock's clock is moved instead. */
  waitMinutes?: number;
  /** Ids of the checks that judge it. */
  checks: string[];
  /** Why no call of the interface can observe it (then it has no checks). */
  unobservable?: string;
  /** Where the spec's words leave the rule open: the reading the checks take. A failure then only warns against a deployment crmkit did not build. */
  reading?: string;
  /** For a reading: the other answers a correct deployment may give, one short line each (issue 22). */
  alternatives?: string[];
  /** Why no single named fault can break it (issue 23): a judged rule without one is proven by a fault's `proves`. */
  unproven?: string;
  /** The spec area it belongs to: its catalog file is conformance/areas/<area>/rules.yaml. */
  area: Area;
  /** The catalog file it is written in, under conformance/areas/ (or SHAPE_FILE for a generated shape rule). */
  file: string;
};

/** The spec's sections of parts 2 to 9, with their titles (part 3's states have no numbers of their own). */
export const SECTIONS: Record<string, string> = {
  '2': 'Resources and their fields',
  '2.1': 'Conventions',
  '2.2': 'Id prefixes',
  '2.3': 'Lead',
  '2.4': 'Contact',
  '2.5': 'Tag',
  '2.6': 'Timeline item',
  '2.7': 'Member and team',
  '2.8': 'Product',
  '2.9': 'Conversation',
  '2.10': 'Message',
  '2.11': 'Custom field',
  '2.12': 'Task',
  '2.13': 'Webhook',
  '2.14': 'Public form configuration',
  '3': 'States and transitions',
  '4': 'Endpoints',
  '4.1': 'Identity',
  '4.2': 'Leads',
  '4.3': 'Contacts',
  '4.4': 'Tags',
  '4.5': 'Timeline and notes',
  '4.6': 'Members and teams',
  '4.7': 'Products',
  '4.8': 'Conversations and messages',
  '4.9': 'Custom fields',
  '4.10': 'Tasks',
  '4.11': 'Webhooks',
  '4.12': 'Public website forms',
  '4.13': 'Query endpoint and paging',
  '4.14': 'Other entities',
  '4.15': 'OAuth endpoints',
  '5': 'Authentication',
  '5.1': 'API keys',
  '5.2': 'OAuth 2.0 for apps',
  '6': 'Events',
  '6.1': 'Webhook delivery',
  '6.2': 'Signature verification',
  '6.3': 'Delivery semantics',
  '6.4': 'Event types and their sources',
  '6.5': 'App lifecycle events',
  '7': 'Errors',
  '7.1': 'Format',
  '7.2': 'Status codes',
  '7.3': 'Codes tied to the documented interface',
  '8': 'Limits',
  '9': 'Versioning',
};

/** The part a section belongs to (`4.2` → `4`). */
export function partOf(section: string): string {
  return section.split('.')[0]!;
}

const FOLDER = new URL('../areas/', import.meta.url);
const ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const KEYS = new Set(['id', 'section', 'rule', 'needs', 'wait', 'checks', 'unobservable', 'reading', 'alternatives', 'unproven']);
const WAIT = /^(\d+)(m|h|d)$/;
const MINUTES = { m: 1, h: 60, d: 1440 } as const;

let loaded: Rule[] | undefined;
let byCheck: Map<string, string[]> | undefined;

/** Every rule, in file order; throws with the file and the entry when the catalog is malformed. */
export function loadCatalog(): Rule[] {
  loaded ??= readCatalog();
  return loaded;
}

/** The catalog by rule id. */
export function rulesById(): Map<string, Rule> {
  return new Map(loadCatalog().map((rule) => [rule.id, rule]));
}

/** For each check id, the ids of the rules it judges. */
export function rulesOfChecks(): Map<string, string[]> {
  if (byCheck) return byCheck;
  byCheck = new Map();
  for (const rule of loadCatalog()) for (const check of rule.checks) byCheck.set(check, [...(byCheck.get(check) ?? []), rule.id]);
  return byCheck;
}

/**
 * The area a set of rules is of (a mutant's, by the rules it proves): the one most of them are in,
 * any area before `errors` (an error a bug answers is seldom what the bug is about).
 */
export function areaOfRules(ids: readonly string[]): Area | undefined {
  const byId = rulesById();
  const counts = new Map<Area, number>();
  for (const id of ids) {
    const area = byId.get(id)?.area;
    if (area) counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  const ranked = [...counts].sort(([a, m], [b, n]) => Number(a === 'errors') - Number(b === 'errors') || n - m);
  return ranked[0]?.[0];
}

/** Sorts sections as the spec numbers them: `2.10` after `2.9`, `3` before `4.1`. */
export function compareSections(a: string, b: string): number {
  const [a1 = 0, a2 = 0] = a.split('.').map(Number);
  const [b1 = 0, b2 = 0] = b.split('.').map(Number);
  return a1 - b1 || a2 - b2;
}

function readCatalog(): Rule[] {
  const areas = AREAS.filter((area) => existsSync(new URL(`${area}/rules.yaml`, FOLDER)));
  const rules = [...areas.flatMap((area) => readFile(area)), ...shapeRules()];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.id)) throw new Error(`conformance/areas/${rule.file}: rule ${rule.id} is defined twice`);
    seen.add(rule.id);
  }
  return rules;
}

function readFile(area: Area): Rule[] {
  const file = `${area}/rules.yaml`;
  let entries: unknown;
  try {
    entries = parse(readFileSync(new URL(file, FOLDER), 'utf8')) ?? [];
  } catch (error) {
    throw new Error(`conformance/areas/${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(entries)) throw new Error(`conformance/areas/${file}: a list of rules is expected`);
  return entries.map((entry, index) => toRule(entry, area, index));
}

function toRule(entry: any, area: Area, index: number): Rule {
  const file = `${area}/rules.yaml`;
  const where = `conformance/areas/${file}, entry ${index + 1}${entry?.id ? ` (${entry.id})` : ''}`;
  const problem = problemOf(entry);
  if (problem) throw new Error(`${where}: ${problem}`);
  return {
    id: entry.id,
    section: entry.section,
    rule: entry.rule.trim(),
    needs: entry.needs ?? [],
    ...(entry.wait ? { waitMinutes: minutesOf(entry.wait) } : {}),
    checks: entry.checks ?? [],
    ...(entry.unobservable ? { unobservable: entry.unobservable.trim() } : {}),
    ...(entry.reading ? { reading: entry.reading.trim() } : {}),
    ...(entry.alternatives ? { alternatives: entry.alternatives.map((line: string) => line.trim()) } : {}),
    ...(entry.unproven ? { unproven: entry.unproven.trim() } : {}),
    area,
    file,
  };
}

function alternativesOk(entry: any): boolean {
  const lines = entry.alternatives;
  const filled = (line: unknown) => typeof line === 'string' && line.trim() !== '';
  return entry.reading !== undefined && Array.isArray(lines) && lines.length > 0 && lines.every(filled);
}

function problemOf(entry: any): string | undefined {
  if (typeof entry !== 'object' || entry === null) return 'an entry is an object';
  const unknown = Object.keys(entry).find((key) => !KEYS.has(key));
  if (unknown) return `unknown key ${unknown}`;
  if (typeof entry.id !== 'string' || !ID.test(entry.id)) return 'id is `<area>.<slug>` in lowercase letters, digits and dashes';
  if (typeof entry.section !== 'string' || !(entry.section in SECTIONS))
    return "section is a quoted spec section such as '4.10' (parts 2 to 9)";
  if (typeof entry.rule !== 'string' || !entry.rule.trim()) return 'rule is one sentence';
  if (
    entry.needs !== undefined &&
    (!Array.isArray(entry.needs) || entry.needs.some((need: unknown) => typeof need !== 'string' || !(need in NEEDS)))
  ) {
    return `needs is a list of ${Object.keys(NEEDS).join(', ')}`;
  }
  if (entry.wait !== undefined && !WAIT.test(String(entry.wait))) return 'wait is a duration in minutes, hours or days: 2m, 25h, 3d';
  if (entry.checks !== undefined && (!Array.isArray(entry.checks) || entry.checks.some((check: unknown) => typeof check !== 'string')))
    return 'checks is a list of check ids';
  if (entry.unobservable !== undefined && (typeof entry.unobservable !== 'string' || entry.checks?.length))
    return 'unobservable is a reason, for a rule without checks';
  if (entry.reading !== undefined && typeof entry.reading !== 'string') return 'reading is a sentence';
  if (entry.alternatives !== undefined && !alternativesOk(entry)) return 'alternatives is a list of short lines, for a rule with a reading';
  if (entry.unproven !== undefined && (typeof entry.unproven !== 'string' || !entry.checks?.length))
    return 'unproven is a reason, for a rule with checks';
  return undefined;
}

/** `2m` → 2, `25h` → 1500, `3d` → 4320. */
function minutesOf(wait: string): number {
  const [, amount, unit] = WAIT.exec(wait)!;
  return Number(amount) * MINUTES[unit as keyof typeof MINUTES];
}
