// The fields a query can name, per entity (spec 4.13 "fields that can be filtered and sorted,
// with types"): read from the entity's record schema in the document, so a property added there
// is queryable at once, plus the workspace's custom fields by key with their types (spec 2.11).
//
// A property's query type comes from its schema: ids by their `xx_` pattern (members' `mb_` ids
// are `member`), times by `format: date-time`, money by the `Amount` schema, phones and emails by
// the contact schemas, tags by `TagName`. Objects are queried by their parts (`utm.utm_source`);
// the `{id, name}` references of other records by their other parts (`contact.name`,
// `contact.phones`), read from those records as the API shows them.
import type { OpenApiDocument } from '../../spec/document.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import type { EntityInfo, QueryRecord } from './query-entities.ts';
import { builtInLabel } from '../../records/field-labels.ts';

type LocalizedText = components['schemas']['LocalizedText'];

export type FieldType =
  | 'text'
  | 'long_text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'select'
  | 'multiselect'
  | 'checkbox'
  | 'phone'
  | 'email'
  | 'url'
  | 'member'
  | 'rating'
  | 'tags'
  | 'id';

/** What reading a field may need besides the record: other records, and the record as shown. */
export type ReadEnv = {
  workspace: Workspace;
  /** The record as the API shows it, for properties computed on read (a contact's `open_leads`). */
  present(record: QueryRecord): Record<string, unknown>;
};

export type CatalogField = {
  field: string;
  type: FieldType;
  label: LocalizedText;
  /** A list of values (phones, tags, multiselect): a condition holds when it holds for one of them. */
  multi: boolean;
  read(record: QueryRecord, env: ReadEnv): unknown;
};

export type FieldCatalog = { fields: readonly CatalogField[]; byName: ReadonlyMap<string, CatalogField> };

type Schema = Record<string, any>;

/** `{id, name}` references to other records, by schema: how to find the record they show. */
const REFERENCES: Record<string, (workspace: Workspace, id: string) => Record<string, unknown> | undefined> = {
  MemberRef: (workspace, id) => workspace.members.get(id),
  ContactRef: (workspace, id) => workspace.tables.contacts.get(id),
  CompanyRef: (workspace, id) => workspace.tables.companies.get(id),
};

/** Schemas whose name says more than their JSON type. */
const TYPES_BY_SCHEMA: Record<string, FieldType> = { Amount: 'money', TagName: 'tags', ContactPhone: 'phone', ContactEmail: 'email' };

export function fieldCatalog(workspace: Workspace, document: OpenApiDocument, info: EntityInfo): FieldCatalog {
  const builtIn = builtInFields(document, info);
  const byName = new Map(builtIn.map((field) => [field.field, field]));
  const fields = [...builtIn];
  for (const custom of customFields(workspace, info)) {
    // Every custom field answers to `custom.<key>`; to its bare key too unless a built-in field has that name.
    const key = custom.field;
    if (byName.has(key)) custom.field = `custom.${key}`;
    else byName.set(key, custom);
    byName.set(`custom.${key}`, custom);
    fields.push(custom);
  }
  return { fields, byName };
}

const builtInCache = new WeakMap<OpenApiDocument, Map<string, CatalogField[]>>();

function builtInFields(document: OpenApiDocument, info: EntityInfo): CatalogField[] {
  let bySchema = builtInCache.get(document);
  if (!bySchema) builtInCache.set(document, (bySchema = new Map()));
  let fields = bySchema.get(info.schema);
  if (!fields) bySchema.set(info.schema, (fields = readSchema(document, info)));
  return fields;
}

function readSchema(document: OpenApiDocument, info: EntityInfo): CatalogField[] {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const properties = (schemas[info.schema]?.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, property]) =>
    // Properties computed on read (not stored) are read from the record as shown.
    describe(schemas, name, property, info.computed.includes(name) ? (record, env) => env.present(record)[name] : (record) => record[name]),
  );
}

type Reader = CatalogField['read'];

function describe(schemas: Record<string, Schema>, path: string, node: Schema, read: Reader): CatalogField[] {
  const { ref, schema } = resolve(schemas, node);
  if (ref === 'Custom') return [];
  const reference = ref ? REFERENCES[ref] : undefined;
  if (reference) return referenceParts(schemas, path, schema, reference);
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties as Record<string, Schema>).flatMap(([part, partSchema]) =>
      describe(
        schemas,
        `${path}.${part}`,
        partSchema,
        (record, env) => (read(record, env) as Record<string, unknown> | null | undefined)?.[part],
      ),
    );
  }
  if (schema.type === 'array') {
    const item = resolve(schemas, schema.items ?? {});
    return [field(path, typeOf(item.ref, item.schema), true, read)];
  }
  return [field(path, typeOf(ref, schema), false, read)];
}

/** `contact.name`, `contact.phones`...: the parts of a reference but its id (the `_id` field has it). */
function referenceParts(schemas: Record<string, Schema>, path: string, schema: Schema, find: (typeof REFERENCES)[string]): CatalogField[] {
  const idField = `${path}_id`;
  return Object.entries(schema.properties as Record<string, Schema>)
    .filter(([part]) => part !== 'id')
    .flatMap(([part, partSchema]) =>
      describe(schemas, `${path}.${part}`, partSchema, (record, env) => {
        const id = record[idField];
        return typeof id === 'string' ? find(env.workspace, id)?.[part] : undefined;
      }),
    );
}

function field(name: string, type: FieldType, multi: boolean, read: Reader): CatalogField {
  return { field: name, type, label: builtInLabel(name), multi, read };
}

/** Follows `$ref`s and the non-null branch of `oneOf` / `anyOf`; answers the first schema name met. */
function resolve(schemas: Record<string, Schema>, node: Schema): { ref: string | undefined; schema: Schema } {
  let ref: string | undefined;
  let schema = node;
  for (let depth = 0; depth < 10; depth++) {
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (branches) schema = branches.find((branch) => branch.type !== 'null') ?? {};
    else if (typeof schema.$ref === 'string') {
      const name = schema.$ref.split('/').pop()!;
      ref ??= name;
      schema = schemas[name] ?? {};
    } else break;
  }
  return { ref, schema };
}

function typeOf(ref: string | undefined, schema: Schema): FieldType {
  if (ref && TYPES_BY_SCHEMA[ref]) return TYPES_BY_SCHEMA[ref];
  const idPrefix = /^\^([a-z]+)_\[0-9a-z\]\{26\}\$$/.exec(String(schema.pattern ?? ''))?.[1];
  if (idPrefix) return idPrefix === 'mb' ? 'member' : 'id';
  if (schema.format === 'date-time') return 'datetime';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'uri') return 'url';
  if (schema.format === 'email') return 'email';
  if (Array.isArray(schema.enum)) return 'select';
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'checkbox';
  return 'text';
}

function customFields(workspace: Workspace, info: EntityInfo): CatalogField[] {
  return workspace.tables.fields
    .findBy('entity', info.custom)
    .sort((a, b) => a.position - b.position)
    .map((definition) => ({
      field: definition.key,
      type: definition.type,
      label: definition.label,
      multi: definition.type === 'multiselect',
      read: (record: QueryRecord) => (record.custom as Record<string, unknown> | undefined)?.[definition.key],
    }));
}
