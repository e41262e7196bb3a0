// The value a custom field of each type accepts inside `custom` (spec 2.11, value table). A sent
// value is first brought to its stored spelling (phones normalized, emails lowercased, long id
// prefixes shortened, money given its default currency), then checked against the document's
// schema for the type (the `CustomValue*` schema whose `x-field-types` names it), so a stored
// value always fits the document; then against the field and workspace (options, members).
import type { SchemaValidator } from '../../spec/schema-validator.ts';
import { normalizeId } from '../../ids/ids.ts';
import { isTrusted } from '../../store/trusted-writes.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { normalizePhone } from '../../records/phones-and-emails.ts';
import type { CustomField, CustomFieldType } from './field-record.ts';

/** Spec 2.11: "currency defaults to UZS" (for custom money, unlike a lead's workspace currency). */
export const DEFAULT_MONEY_CURRENCY = 'UZS';

export type ValueCheck = { value: unknown } | { problem: string };

type TypeRule = {
  /** Why a value is refused, as `fields` shows it. */
  problem: string;
  /** The sent value in its stored spelling; anything else is left for the schema to refuse. */
  normalize?: (sent: unknown) => unknown;
  /** What the field or workspace must also allow. */
  allowed?: (value: unknown, field: CustomField, workspace: Workspace) => boolean;
  /** The stored form of a value that passed (datetime: in UTC). */
  store?: (value: unknown) => unknown;
};

const RULES: Record<CustomFieldType, TypeRule> = {
  text: { problem: 'must be a string' },
  long_text: { problem: 'must be a string' },
  number: { problem: 'must be a number' },
  money: {
    problem: 'must be {amount, currency}: amount an integer in the smallest currency unit, 0 or more; currency three capital letters',
    normalize: withDefaultCurrency,
  },
  date: { problem: 'must be a date YYYY-MM-DD' },
  datetime: {
    problem: 'must be an RFC 3339 time with an offset',
    store: (value) => new Date((value as string).toUpperCase()).toISOString(),
  },
  select: { problem: "must be the id of one of the field's options", allowed: (value, field) => optionIds(field).has(value as string) },
  multiselect: {
    problem: "must be a list of at most 100 ids of the field's options",
    normalize: (sent) => (Array.isArray(sent) ? [...new Set(sent)] : sent),
    allowed: (value, field) => (value as string[]).every((id) => optionIds(field).has(id)),
  },
  checkbox: { problem: 'must be true or false' },
  phone: { problem: 'must be a phone number', normalize: phoneOf },
  email: { problem: 'must be an email address', normalize: (sent) => (typeof sent === 'string' ? sent.trim().toLowerCase() : sent) },
  url: { problem: 'must be an absolute URL' },
  member: {
    problem: 'must be the id of a member of this workspace',
    normalize: (sent) => (typeof sent === 'string' ? normalizeId(sent) : sent),
    allowed: (value, _field, workspace) => workspace.members.has(value as string),
  },
  rating: { problem: 'must be an integer from 1 to 5' },
};

/** The value `sent` stores under `field`, or why it cannot. */
export function checkValue(sent: unknown, field: CustomField, workspace: Workspace, validator: SchemaValidator): ValueCheck {
  const rule = RULES[field.type];
  const value = rule.normalize ? rule.normalize(sent) : sent;
  // The mock's own values (the demo seed) skip the schema (store/trusted-writes.ts); test/mock/seed.test.ts checks them.
  const fits = isTrusted(workspace.transactions) || validator.problems(valueSchemaOf(validator, field.type), value).length === 0;
  if (!fits || (rule.allowed && !rule.allowed(value, field, workspace))) return { problem: rule.problem };
  return { value: rule.store ? rule.store(value) : value };
}

/** An empty string or list would clear a required field as surely as `null`. */
export function isEmptyValue(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function withDefaultCurrency(sent: unknown): unknown {
  const isObject = typeof sent === 'object' && sent !== null && !Array.isArray(sent);
  return isObject && !('currency' in sent) ? { ...sent, currency: DEFAULT_MONEY_CURRENCY } : sent;
}

/** Like contact phones; a number the contacts rule cannot read is a bad value, not a crash. */
function phoneOf(sent: unknown): unknown {
  if (typeof sent !== 'string') return sent;
  try {
    return normalizePhone(sent);
  } catch {
    return null;
  }
}

function optionIds(field: CustomField): Set<unknown> {
  return new Set(field.options.map((option) => option.id));
}

/** Read once per document: the `CustomValue*` schema of each type, by its `x-field-types`. */
const valueSchemas = new WeakMap<SchemaValidator, Map<string, string>>();

function valueSchemaOf(validator: SchemaValidator, type: CustomFieldType): string {
  let byType = valueSchemas.get(validator);
  if (!byType) valueSchemas.set(validator, (byType = readValueSchemas(validator)));
  const pointer = byType.get(type);
  if (!pointer) throw new Error(`the document has no CustomValue schema for the field type ${type}`);
  return pointer;
}

function readValueSchemas(validator: SchemaValidator): Map<string, string> {
  const byType = new Map<string, string>();
  for (const [name, schema] of Object.entries(validator.document.components?.schemas ?? {})) {
    const types = (schema as { 'x-field-types'?: string[] })['x-field-types'] ?? [];
    for (const type of types) byType.set(type, `/components/schemas/${name}`);
  }
  return byType;
}
