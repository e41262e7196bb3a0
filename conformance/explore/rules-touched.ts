// The catalog rules a divergence touches: its operation's shape rule (conformance/rules/shape-rules.ts)
// and the rules of the operation's endpoint section (and its resource's section of part 2) whose
// words name a field that differed or the code either side answered: where a person reads what
// the spec states about it.
import { loadCatalog } from '../rules/catalog.ts';
import { shapeRuleId } from '../rules/shape-rules.ts';
import type { Difference } from './compare.ts';

const MOST = 6;

/** Sections by the operation's path: endpoint section and record section (spec 2, 4). */
const SECTIONS: [RegExp, string[]][] = [
  [/^\/v1\/leads/, ['4.2', '2.3']],
  [/^\/v1\/contacts/, ['4.3', '2.4']],
  [/^\/v1\/companies/, ['4.14', '2.4']],
  [/^\/v1\/tags/, ['4.4', '2.5']],
  [/^\/v1\/notes/, ['4.5', '2.6']],
  [/^\/v1\/products/, ['4.7', '2.8']],
  [/^\/v1\/tasks/, ['4.10', '2.12']],
];

/** An event's difference (delivered-events.ts): `event <type> …`. */
const EVENT_AT = /^event (\S+)/;

export function rulesTouched(operationId: string, path: string, differences: Difference[], codes: string[]): string[] {
  // A refusal's rules are part 7's too (the envelope's keys, the codes); an event's, those of 6.1 and 6.4 naming its type.
  const events = differences.flatMap(({ at }) => EVENT_AT.exec(at)?.[1] ?? []);
  const sections = [
    ...(SECTIONS.find(([pattern]) => pattern.test(path))?.[1] ?? []),
    ...(codes.length ? ['7.1', '7.3'] : []),
    ...(events.length ? ['6.1', '6.4'] : []),
  ];
  const fields = differences.flatMap(({ at }) => at.split(/[.[\]]/).filter((part) => /^[a-z_]+$/.test(part)));
  const words = new Set([...events, ...fields, ...codes]);
  const named = loadCatalog().filter(
    (rule) => sections.includes(rule.section) && [...words].some((word) => rule.rule.includes(`\`${word}\``)),
  );
  return [shapeRuleId(operationId), ...named.slice(0, MOST).map((rule) => rule.id)];
}
