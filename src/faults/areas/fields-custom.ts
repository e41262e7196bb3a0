// Mutants of custom fields and their values (spec 2.11, 4.9): types, options, required
// fields, and the values a record is given.
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { callerWorkspace, offsetDropped, onOperation, probe, queryOf, sentJson, withJson } from '../request-match.ts';
import { onSuccess, contactWrite, alsoWrites, withUrlQuery, withBody } from '../record-requests.ts';

/** The writes (create, PATCH) of the records that carry `custom` (spec 2.11), and the table and field entity of each. */
const CUSTOM_WRITES = {
  createLead: ['leads', 'lead'],
  updateLead: ['leads', 'lead'],
  createContact: ['contacts', 'contact'],
  updateContact: ['contacts', 'contact'],
  createCompany: ['companies', 'company'],
  updateCompany: ['companies', 'company'],
  createProduct: ['products', 'product'],
  updateProduct: ['products', 'product'],
} as const satisfies Partial<Record<OperationId, readonly [string, string]>>;

const CUSTOM_WRITE_IDS = Object.keys(CUSTOM_WRITES) as (keyof typeof CUSTOM_WRITES)[];

const customTableOf = (operation: OperationId) => CUSTOM_WRITES[operation as keyof typeof CUSTOM_WRITES];

/** The `custom` of a contact answer, changed given the `custom` sent. */
function alterCustom(change: (custom: Record<string, any>, sent: Record<string, any>) => Record<string, any>) {
  return onSuccess(contactWrite, (body, sent) =>
    sent?.custom && body.custom ? { ...body, custom: change(body.custom, sent.custom) } : body,
  );
}

/** The `custom.<key>` a validation_failed answer names, when the request sent that key. */
function customKeyOf(body: any): string | undefined {
  return Object.keys(body.error.fields ?? {})
    .find((field) => field.startsWith('custom.'))
    ?.slice('custom.'.length);
}

/** The keys of the custom fields of `entity` of type `type` in the workspace. */
function customKeysOfType(workspace: Workspace, entity: string, type: string): string[] {
  return [...workspace.tables.fields.values()]
    .filter((field: any) => field.entity === entity && field.type === type)
    .map((field: any) => field.key);
}

/**
 * A record write (POST or PATCH on leads, contacts, companies, products) whose stored custom
 * values of fields of `type` `alter` changes, given the value sent; the answer shows the change.
 */
function onCustomOfType(type: string, alter: (sent: unknown, stored: unknown) => unknown) {
  return alsoWrites(
    CUSTOM_WRITE_IDS,
    (operation) => customTableOf(operation)[0],
    (record, sent, workspace, context) => {
      if (!record.custom || !sent.custom || typeof sent.custom !== 'object') return undefined;
      const change: Record<string, unknown> = {};
      for (const key of customKeysOfType(workspace, customTableOf(context.operation.id as OperationId)[1], type)) {
        if (sent.custom[key] === undefined || sent.custom[key] === null || record.custom[key] === undefined) continue;
        change[key] = alter(sent.custom[key], record.custom[key]);
      }
      return Object.keys(change).length ? { custom: change } : undefined;
    },
  );
}

type CustomDecision = 'store' | 'ignore' | undefined;

/**
 * A record write refused (422) only for custom values that `accepts` lets through: sent again
 * without them, then those it stores are kept (as sent) and answered, the ignored ones dropped.
 */
function acceptingCustom(accepts: (workspace: Workspace, field: any, value: unknown) => CustomDecision) {
  return onOperation(CUSTOM_WRITE_IDS, async (next, request, info, routed, state) => {
    const sent = await sentJson(request);
    const response = await next(request, info);
    const workspace = callerWorkspace(state, request);
    if (response.status !== 422 || !workspace || !sent?.custom || typeof sent.custom !== 'object') return response;
    const [table, entity] = customTableOf(routed.operationId);
    const fields = Object.keys((await jsonOf(response))?.error?.fields ?? {});
    const decisions = fields.map((name) => {
      const key = name.startsWith('custom.') ? name.slice('custom.'.length) : undefined;
      const field =
        key === undefined
          ? undefined
          : [...workspace.tables.fields.values()].find((each: any) => each.entity === entity && each.key === key);
      return [key, key === undefined || !(key in sent.custom) ? undefined : accepts(workspace, field, sent.custom[key])] as const;
    });
    if (!decisions.length || decisions.some(([, decision]) => !decision)) return response;
    const custom = { ...sent.custom };
    for (const [key] of decisions) delete custom[key!];
    const retried = await next(withJson(request, { ...sent, custom }), info);
    const body = retried.ok ? await jsonOf(retried) : undefined;
    const stored = Object.fromEntries(decisions.filter(([, decision]) => decision === 'store').map(([key]) => [key!, sent.custom[key!]]));
    if (!body?.id || !Object.keys(stored).length) return retried;
    try {
      await (workspace.tables as any)[table].update(body.id, (draft: any) => void Object.assign(draft.custom, stored));
    } catch {
      // A value the stored record's schema cannot hold is answered only.
    }
    return changed(retried, { body: { ...body, custom: { ...body.custom, ...stored } } });
  });
}

export const fieldsCustomMutants: readonly Fault[] = [
  {
    name: 'fields-need-record-scope',
    area: 'fields',
    proves: ['fields.no-scope'],
    description: "GET /v1/fields asks for the read scope of the fields' entity (leads:read without entity) instead of no scope.",
    wrap: onOperation('listFields', async (next, request, info) => {
      const entity = queryOf(request).get('entity') ?? 'lead';
      const allowed = await next(
        new Request(probe(request, `/v1/${entity === 'company' ? 'companies' : `${entity}s`}?limit=1`).url, {
          method: request.method,
          headers: request.headers,
        }),
        info,
      );
      return allowed.status === 403 ? allowed : next(request, info);
    }),
  },
  {
    name: 'fields-entity-filter-ignored',
    area: 'fields',
    proves: ['fields.entity-filter'],
    description: 'GET /v1/fields ignores entity and lists the fields of every entity.',
    wrap: onOperation('listFields', async (next, request, info) => {
      if (!queryOf(request).has('entity')) return next(request, info);
      return next(
        withUrlQuery(request, (query) => query.delete('entity')),
        info,
      );
    }),
  },
  {
    name: 'custom-datetime-offset-kept',
    area: 'fields',
    proves: ['fields.datetime-utc'],
    description: 'A custom datetime value is kept with the offset it was sent with instead of stored in UTC.',
    wrap: alterCustom((custom, sent) => {
      const kept = Object.entries(sent).filter(
        ([, value]) => typeof value === 'string' && /T\d\d:\d\d.*[+-]\d\d:\d\d$/.test(value) && !/[+-]00:00$/.test(value),
      );
      return { ...custom, ...Object.fromEntries(kept) };
    }),
  },
  {
    name: 'custom-money-currency-missing',
    area: 'fields',
    proves: ['fields.money-currency-default'],
    description: 'A custom money value sent without currency is kept without one instead of defaulting to UZS.',
    wrap: alterCustom((custom, sent) => {
      const bare = Object.entries(sent).filter(
        ([, value]) => value && typeof value === 'object' && !Array.isArray(value) && 'amount' in value && !('currency' in value),
      );
      return { ...custom, ...Object.fromEntries(bare.map(([key, value]) => [key, { amount: (value as { amount: number }).amount }])) };
    }),
  },
  {
    name: 'custom-patch-replaces-all',
    area: 'fields',
    proves: ['conventions.patch-custom-keys', 'fields.only-sent-keys-change', 'fields.null-clears'],
    description: 'A PATCH with custom answers only the keys sent: the other values are lost.',
    wrap: alterCustom((custom, sent) => Object.fromEntries(Object.entries(custom).filter(([key]) => key in sent))),
  },
  {
    name: 'custom-required-cleared-silently',
    area: 'fields',
    proves: ['fields.required-not-clearable'],
    description: 'null for a required custom field is ignored with 200 instead of answering validation_failed.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
        if (!key || !sent?.custom || sent.custom[key] !== null) return response;
        const { [key]: _ignored, ...custom } = sent.custom;
        return next(withBody(request, { ...sent, custom }));
      })(next),
  },
  {
    name: 'custom-errors-under-custom',
    area: 'fields',
    proves: ['fields.multiselect-limit', 'fields.unknown-key-error', 'fields.bad-value-error'],
    description: 'Problems with custom values are reported under `custom` instead of `custom.<key>`.',
    wrap: onErrorCode('validation_failed', (response, body) => {
      const fields = body.error.fields ?? {};
      if (!Object.keys(fields).some((field) => field.startsWith('custom.'))) return response;
      const renamed = Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field.startsWith('custom.') ? 'custom' : field, message]),
      );
      return changed(response, { body: { error: { ...body.error, fields: renamed } } });
    }),
  },
  {
    name: 'custom-rating-clamped',
    area: 'fields',
    proves: ['fields.value-rating', 'fields.bad-value-error'],
    description: 'A custom rating above 5 is stored as 5 instead of refused.',
    wrap: (next) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const key = customKeyOf(body);
        const sent = key
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
        const value = sent?.custom?.[key!];
        if (!Number.isInteger(value) || value <= 5) return response;
        const retried = await next(withBody(request, { ...sent, custom: { ...sent.custom, [key!]: 5 } }));
        return retried.ok ? retried : response;
      })(next),
  },
  // Found by the second blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'custom-phone-not-normalized',
    area: 'fields',
    proves: ['fields.value-phone'],
    description:
      "A custom field of type phone keeps the value as typed (90 123-45-67): only the contact's own phones go through the normalizer (spec 2.11: normalized like contact phones).",
    ...alsoWrites(
      CUSTOM_WRITE_IDS,
      (operation) => customTableOf(operation)[0],
      (record, sent, workspace) => {
        if (!record.custom || !sent.custom || typeof sent.custom !== 'object') return undefined;
        const phoneKeys = new Set(
          [...workspace.tables.fields.values()].filter((field: any) => field.type === 'phone').map((field: any) => field.key),
        );
        const asTyped = Object.fromEntries(
          Object.entries(sent.custom).filter(
            ([key, value]) => phoneKeys.has(key) && typeof value === 'string' && value !== record.custom[key],
          ),
        );
        return Object.keys(asTyped).length ? { custom: asTyped } : undefined;
      },
    ),
  },
  {
    name: 'custom-datetime-offset-dropped',
    area: 'fields',
    proves: ['fields.value-datetime'],
    description:
      'A custom datetime sent with an offset (10:00+05:00) is stored as that clock reading in UTC (10:00Z), the offset dropped instead of converted (spec 2.11: stored in UTC).',
    wrap: onOperation(CUSTOM_WRITE_IDS, async (next, request, info) => {
      const sent = await sentJson(request);
      if (!sent?.custom || typeof sent.custom !== 'object') return next(request, info);
      const custom = Object.fromEntries(Object.entries(sent.custom).map(([key, value]) => [key, offsetDropped(value)]));
      return next(withJson(request, { ...sent, custom }), info);
    }),
  },
  {
    name: 'custom-email-case-kept',
    area: 'fields',
    proves: ['fields.value-email'],
    description:
      "A custom field of type email keeps the address as typed (Ali@Example.UZ): only the contact's own emails are lowercased (spec 2.11: email address, lowercased).",
    ...onCustomOfType('email', (sent, stored) => (typeof sent === 'string' ? sent.trim() : stored)),
  },
  {
    name: 'custom-money-currency-defaults-usd',
    area: 'fields',
    proves: ['fields.money-currency-default'],
    description:
      'A custom money value sent without currency is stored in USD, the library default, instead of UZS (spec 2.11: currency defaults to UZS).',
    ...onCustomOfType('money', (sent, stored: any) =>
      sent && typeof sent === 'object' && !('currency' in sent) && stored && typeof stored === 'object'
        ? { ...stored, currency: 'USD' }
        : stored,
    ),
  },
  {
    name: 'custom-select-any-field-option',
    area: 'fields',
    proves: ['fields.value-select'],
    description:
      "A select value is checked against every option id of the workspace (one options table, no field filter): the id of another field's option is taken (spec 2.11: select is the id of one of the field's own options).",
    wrap: acceptingCustom((workspace, field, value) => {
      if (field?.type !== 'select' || typeof value !== 'string') return undefined;
      const elsewhere = [...workspace.tables.fields.values()].some(
        (other: any) => other.id !== field.id && other.options.some((option: any) => option.id === value),
      );
      return elsewhere ? 'store' : undefined;
    }),
  },
  {
    name: 'custom-rating-zero-accepted',
    area: 'fields',
    proves: ['fields.value-rating'],
    description:
      'A custom rating of 0 is taken (the range is checked as 0 to 5, zero meaning "not rated") instead of refused: a rating is an integer 1 to 5 (spec 2.11).',
    wrap: acceptingCustom((_workspace, field, value) => (field?.type === 'rating' && value === 0 ? 'store' : undefined)),
  },
  {
    name: 'custom-unknown-key-ignored',
    area: 'fields',
    proves: ['fields.unknown-key-error'],
    description:
      'An unknown key inside custom is skipped silently (200, nothing stored) instead of answering validation_failed under custom.<key> (spec 2.11).',
    wrap: acceptingCustom((_workspace, field) => (field === undefined ? 'ignore' : undefined)),
  },
];
