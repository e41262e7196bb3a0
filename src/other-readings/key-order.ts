// Every JSON object's keys in the reverse order, in answers and deliveries: JSON objects are
// unordered (RFC 8259), and the spec never states an order of keys.
import { mapObjects, rewritingJsonAnswers } from './json-answers.ts';
import type { OtherReading } from './other-reading.ts';

function reverseKeys(value: unknown): unknown {
  return mapObjects(value, (object) => Object.fromEntries(Object.entries(object).reverse()));
}

export const keyOrder: OtherReading = {
  name: 'key-order',
  description: "Every object's keys come in the reverse order, in answers and deliveries.",
  leftOpenBy: 'Spec 2.1: bodies are JSON objects, whose members RFC 8259 leaves unordered; no part of the spec states an order of keys.',
  wrap: (next) => rewritingJsonAnswers(next, (body) => reverseKeys(body)),
  alterDelivered: reverseKeys,
};
