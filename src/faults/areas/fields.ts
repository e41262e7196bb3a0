// Mutants of the custom fields area (spec 2.11, 4.9): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/areas/fields/rules.yaml) it breaks, acting
// through the core's seams by operationId. The field checks are of the records family; the values
// are judged inside a contact's `custom`.
import type { HandlerContext } from '../../http/handler.ts';
import type { MockState } from '../../mock-state.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { newSession, SESSION_COOKIE } from '../../auth/session.ts';
import { entityKey } from '../../resources/fields/field-record.ts';
import { normalizeId } from '../../ids/ids.ts';
import { ApiError } from '../../errors/api-error.ts';
import { jsonOf, type Fault } from '../fault.ts';
import { faultMemory } from '../fault-memory.ts';
import { alterOk, callerWorkspace, onOperation } from '../request-match.ts';
import { alterResult } from './handler-answer.ts';
import { bodyOf, tablesOf, withBody } from './handler-input.ts';

type FieldType = 'text' | 'long_text' | 'number' | 'money' | 'date' | 'multiselect' | 'checkbox' | 'url' | 'member';

/** The contact field of `key` in the caller's workspace. */
const contactField = (context: HandlerContext, key: string) => tablesOf(context).fields.firstBy('entityKey', entityKey('contact', key));

/** Each value of a contact write's `custom` for a field of `type` given by `each` instead. */
function eachValueOf(
  context: HandlerContext,
  custom: Record<string, unknown>,
  type: FieldType,
  each: (value: unknown, key: string) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(custom).map(([key, value]) => [
      key,
      value !== null && contactField(context, key)?.type === type ? each(value, key) : value,
    ]),
  );
}

/** A value of `type` the handler's team reads leniently: `coerce` turns what the spec refuses into a value it takes. */
function lenient(name: string, type: FieldType, description: string, coerce: (value: unknown) => unknown): Fault {
  return {
    name,
    area: 'fields',
    proves: [`fields.value-${type.replace('_', '-')}`],
    description,
    operations: ['updateContact'],
    alterInput: (input, context) =>
      withBody(input, (body) => (isRecord(body.custom) ? { ...body, custom: eachValueOf(context, body.custom, type, coerce) } : body)),
  };
}

/**
 * A value of `type` stored as sent, unchecked: the handler never validates it (`checked` is what
 * the mock's own validation takes). What the mock would refuse goes past it and is written to the
 * contact around the handler, inside the request's transaction.
 */
function unchecked(
  name: string,
  type: FieldType,
  description: string,
  checked: (value: unknown, context: HandlerContext) => boolean,
): Fault {
  const held = (state: MockState) => faultMemory(state, name, () => new WeakMap<Request, Record<string, unknown>>());
  return {
    name,
    area: 'fields',
    proves: [`fields.value-${type.replace('_', '-')}`],
    description,
    operations: ['updateContact'],
    alterInput: (input, context) =>
      withBody(input, (body) => {
        if (!isRecord(body.custom)) return body;
        const kept: Record<string, unknown> = {};
        const custom = eachValueOf(context, body.custom, type, (value, key) =>
          checked(value, context) ? value : ((kept[key] = value), undefined),
        );
        held(context.state).set(context.request, kept);
        return { ...body, custom: Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== undefined)) };
      }),
    async aroundHandler(next, context) {
      const kept = held(context.state).get(context.request) ?? {};
      const result = await next();
      if (!Object.keys(kept).length) return result;
      return alterResult(result, async (contact) => {
        await tablesOf(context).contacts.update(contact.id, (draft) => void Object.assign(draft.custom, kept));
        return { ...contact, custom: { ...contact.custom, ...kept } };
      });
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field route that forgot the first-party guard: an API key's refusal sent again as its member, signed in (spec 4.9). */
function guardForgotten(name: string, operation: OperationId, rule: string, description: string): Fault {
  return {
    name,
    area: 'fields',
    proves: [rule, 'auth.first-party-only'],
    description,
    wrap: (next, state) =>
      onOperation(operation, async (inner, request, info) => {
        const copy = request.clone();
        const response = await inner(request, info);
        const body = response.status === 403 ? await jsonOf(response) : undefined;
        const workspace = body?.error?.permission === 'first_party_only' ? callerWorkspace(state, copy) : undefined;
        const owner = workspace && [...workspace.members.values()].find((member) => member.role === 'owner' && member.status === 'active');
        return workspace && owner ? inner(signedIn(state, copy, workspace.id, owner.id), info) : response;
      })(next, state),
  };
}

/** The request sent with a web app session of `memberId` in place of its key. */
function signedIn(state: MockState, request: Request, workspaceId: string, memberId: string): Request {
  const session = newSession(workspaceId, memberId, state.workspaces.get(workspaceId)?.now() ?? Date.now());
  state.addSession(session);
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.set('cookie', `${SESSION_COOKIE}=${session.token}`);
  return new Request(request, { headers });
}

/** Each field of the field list changed by `alter`. */
const onFieldList = (alter: (field: any) => any) =>
  onOperation('listFields', async (next, request, info) =>
    alterOk(await next(request, info), (list) => ({ ...list, data: list.data.map(alter) })),
  );

export const fieldsMutants: Fault[] = [
  {
    name: 'field-without-group',
    area: 'fields',
    proves: ['fields.fields'],
    description: 'A custom field is listed without `group` when it has none, instead of a group string (spec 2.11).',
    wrap: onFieldList(({ group, ...field }) => (group ? { ...field, group } : field)),
  },
  {
    name: 'field-entity-plural',
    area: 'fields',
    proves: ['fields.entity-values'],
    description:
      "A custom field's `entity` is the plural table name (`contacts`, `leads`) instead of lead, contact, company or product (spec 2.11).",
    wrap: onFieldList((field) => ({ ...field, entity: field.entity === 'company' ? 'companies' : `${field.entity}s` })),
  },
  {
    name: 'field-select-as-dropdown',
    area: 'fields',
    proves: ['fields.type-values'],
    description: "A select field is listed with the type `dropdown`, its team's word, instead of `select` (spec 2.11).",
    wrap: onFieldList((field) => (field.type === 'select' ? { ...field, type: 'dropdown' } : field)),
  },
  {
    name: 'field-options-without-ids',
    area: 'fields',
    proves: ['fields.select-options'],
    description: "A select or multiselect field lists its options' labels only, without their ids (spec 2.11).",
    wrap: onFieldList((field) =>
      Array.isArray(field.options) && field.options.length
        ? { ...field, options: field.options.map(({ id: _id, ...option }: any) => option) }
        : field,
    ),
  },
  {
    name: 'field-list-bare-array',
    area: 'fields',
    proves: ['fields.list-envelope'],
    description: 'GET /v1/fields answers a bare JSON array of fields instead of `{data: [...]}` (spec 4.9).',
    wrap: onOperation('listFields', async (next, request, info) => alterOk(await next(request, info), (list) => list.data)),
  },
  lenient(
    'field-text-number-stringified',
    'text',
    'A number sent as a text value is stored as its digits instead of refused with 422 (spec 2.11).',
    (value) => (typeof value === 'string' ? value : String(value)),
  ),
  lenient(
    'field-long-text-list-joined',
    'long_text',
    'A list sent as a long_text value is stored joined by line breaks instead of refused with 422 (spec 2.11).',
    (value) => (Array.isArray(value) ? value.join('\n') : value),
  ),
  lenient(
    'field-number-string-parsed',
    'number',
    'A numeric string sent as a number value is parsed and stored instead of refused with 422 (spec 2.11).',
    (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
  ),
  lenient(
    'field-money-amount-rounded',
    'money',
    'A money value with a decimal amount is rounded to the smallest unit instead of refused with 422 (spec 2.1, 2.11).',
    (value) => (isRecord(value) && typeof value.amount === 'number' ? { ...value, amount: Math.round(value.amount) } : value),
  ),
  lenient(
    'field-date-day-first-parsed',
    'date',
    'A date spelled DD.MM.YYYY is parsed and stored as YYYY-MM-DD instead of refused with 422 (spec 2.11).',
    (value) => (typeof value === 'string' ? value.replace(/^(\d\d)\.(\d\d)\.(\d{4})$/, '$3-$2-$1') : value),
  ),
  lenient(
    'field-checkbox-yes-true',
    'checkbox',
    'A checkbox value sent as text ("yes", "true", "1") is read as true instead of refused with 422 (spec 2.11).',
    (value) => (typeof value === 'string' ? ['yes', 'true', '1', 'on'].includes(value.toLowerCase()) : value),
  ),
  {
    name: 'field-multiselect-unknown-dropped',
    area: 'fields',
    proves: ['fields.value-multiselect'],
    description: "A multiselect value's unknown option ids are dropped silently instead of refused with 422 (spec 2.11).",
    operations: ['updateContact'],
    alterInput: (input, context) =>
      withBody(input, (body) => {
        if (!isRecord(body.custom)) return body;
        const known = (key: string) => new Set((contactField(context, key)?.options ?? []).map((option: { id: string }) => option.id));
        return {
          ...body,
          custom: eachValueOf(context, body.custom, 'multiselect', (value, key) =>
            Array.isArray(value) ? value.filter((id) => known(key).has(id)) : value,
          ),
        };
      }),
  },
  unchecked(
    'field-url-unchecked',
    'url',
    'A url value is stored as sent, whatever the text, instead of refusing text that is no URL with 422 (spec 2.11).',
    (value) => typeof value === 'string' && /^https?:\/\/[^\s/]+\S*$/.test(value),
  ),
  unchecked(
    'field-member-unchecked',
    'member',
    'A member value is stored without looking the member up, so an unknown member id is kept instead of refused with 422 (spec 2.11).',
    (value, context) => typeof value === 'string' && context.caller!.workspace.members.has(normalizeId(value)),
  ),
  {
    name: 'field-required-refused-under-custom',
    area: 'fields',
    proves: ['fields.required-not-clearable-answer'],
    description: 'A null for a required field is refused with its message under `custom` instead of `custom.<key>`.',
    operations: ['updateContact'],
    async aroundHandler(next, context) {
      const custom = bodyOf(context.input).custom;
      try {
        return await next();
      } catch (error) {
        const fields = error instanceof ApiError ? error.extras.fields : undefined;
        const key =
          fields && isRecord(custom) ? Object.keys(custom).find((name) => custom[name] === null && `custom.${name}` in fields) : undefined;
        if (!fields || !key) throw error;
        const { [`custom.${key}`]: message = '', ...others } = fields;
        throw new ApiError(
          (error as ApiError).code,
          { ...(error as ApiError).extras, fields: { ...others, custom: message } },
          (error as ApiError).options,
        );
      }
    },
  },
  guardForgotten(
    'field-create-takes-keys',
    'createField',
    'fields.create-refuses-keys',
    'POST /v1/fields forgot the first-party guard: an API key creates a custom field as the workspace owner (spec 4.9).',
  ),
  guardForgotten(
    'field-patch-takes-keys',
    'updateField',
    'fields.patch-refuses-keys',
    'PATCH /v1/fields/{id} forgot the first-party guard: an API key changes a custom field (spec 4.9).',
  ),
  guardForgotten(
    'field-delete-takes-keys',
    'deleteField',
    'fields.delete-refuses-keys',
    'DELETE /v1/fields/{id} forgot the first-party guard: an API key deletes a custom field (spec 4.9).',
  ),
];
