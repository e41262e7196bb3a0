// Every JSON object's keys in another order: reversed in answers, sorted by name in deliveries
// (so that a delivered body and its payload in the delivery log differ in order too). JSON
// objects are unordered (RFC 8259), and the spec never states an order of keys.
import { mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

function reverseKeys(value: unknown): unknown {
  return mapObjects(value, (object) => Object.fromEntries(Object.entries(object).reverse()));
}

function sortKeys(value: unknown): unknown {
  return mapObjects(value, (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1))));
}

export const keyOrder: OtherReading = {
  name: 'key-order',
  description: "Every object's keys come in the reverse order in answers, sorted by name in deliveries.",
  leftOpenBy: 'Spec 2.1: bodies are JSON objects, whose members RFC 8259 leaves unordered; no part of the spec states an order of keys.',
  wrap: (next) => rewritingJsonAnswers(next, (body) => reverseKeys(body)),
  alterDelivered: sortKeys,
};
