// Spec 4.13: `GET /v1/query/{entity}/fields` lists the fields that can be filtered and sorted with
// their types (its shape is inferred: `{data: [{field, type, operators, sortable}]}`), every
// listed lead field works in a condition and, when sortable, in a sort key; the three entities
// answer the query envelope; a query needs the entity's read scope; an operator that does not fit
// the field's type answers invalid_query.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { query, type QueryEntity } from './query-kit.ts';

const ENTITIES: [entity: QueryEntity, idPrefix: string, list: 'listLeads' | 'listContacts' | 'listCompanies'][] = [
  ['leads', 'ld_', 'listLeads'],
  ['contacts', 'ct_', 'listContacts'],
  ['companies', 'co_', 'listCompanies'],
];
/** A selective condition (spec 7.3 query_too_slow asks for one): the id of no lead. */
const NO_LEAD = { field: 'id', op: 'eq', value: `ld_${'0'.repeat(26)}` };
type Field = { field: string; type: string; operators?: string[]; sortable?: boolean };

export const queryFields: ActiveCheck = {
  kind: 'active',
  id: 'query.fields',
  area: 'query',
  title:
    'the fields route lists typed fields that all work in conditions and sorts, the three entities answer the query envelope under their read scope, and a misfit operator is invalid_query',
  spec: '4.13, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const [entity, prefix, list] of ENTITIES) {
      const fields = await fieldsOf(context, entity);
      if (entity === 'leads') await judgeUsable(context, fields);
      // One record of the entity, found by its id.
      const listed = await context.client.call(list, { query: { limit: 1 } });
      const id: string = listed.json?.data?.[0]?.id ?? `${prefix}${'0'.repeat(26)}`;
      const answer = await query(context, { query: { op: 'and', conditions: [{ field: 'id', op: 'eq', value: id }] }, limit: 3 }, entity);
      const envelope =
        answer.status === 200 &&
        Array.isArray(answer.json.data) &&
        'next_cursor' in answer.json &&
        typeof answer.json.total_estimated === 'boolean' &&
        typeof answer.json.q === 'string';
      const found = envelope ? answer.json.data.map((record: { id: string }) => record.id) : [];
      const wrong = found.length > 1 || (found.length === 1 && found[0] !== id) || (listed.json?.data?.length && found.length === 0);
      context.judge(
        'query.entities',
        !envelope
          ? `POST /v1/query/${entity} answered ${answer.status} without {data, next_cursor, total_estimated, q}`
          : wrong
            ? `${entity} by id ${id} answered ${found.join(', ') || 'nothing'}`
            : undefined,
        answer,
      );
    }
    const misfit = await query(context, { query: { op: 'and', conditions: [NO_LEAD, { field: 'amount', op: 'regex', value: '^1' }] } });
    context.judge(
      'query.operator-for-type',
      misfit.status === 422 && misfit.json?.error?.code === 'invalid_query'
        ? undefined
        : `regex on amount answered ${misfit.status} ${misfit.json?.error?.code ?? ''}`,
      misfit,
    );
    await judgeScope(context);
  },
};

async function fieldsOf(context: CheckContext, entity: QueryEntity): Promise<Field[]> {
  const answer = await context.client.call('listQueryFields', { path: { entity } });
  const fields: Field[] = Array.isArray(answer.json?.data) ? answer.json.data : [];
  const typed = fields.length > 0 && fields.every((field) => typeof field.field === 'string' && typeof field.type === 'string');
  const names = fields.map((field) => field.field);
  const missing = ['id', 'created_at', ...(entity === 'leads' ? ['name', 'amount'] : [])].filter((name) => !names.includes(name));
  context.judge(
    'query.fields-route',
    answer.status !== 200 || !typed
      ? `GET /v1/query/${entity}/fields answered ${answer.status} without typed fields`
      : missing.length
        ? `${entity} fields lack ${missing.join(', ')}`
        : undefined,
    answer,
  );
  return fields;
}

/** Each listed field in a condition (an operator the list gives it that takes no value), and in a sort key when sortable. */
async function judgeUsable(context: CheckContext, fields: Field[]): Promise<void> {
  const refused: string[] = [];
  for (const field of fields) {
    const op = ['not_empty', 'empty'].find((candidate) => field.operators?.includes(candidate));
    const conditions = op ? [NO_LEAD, { field: field.field, op }] : [NO_LEAD];
    const sort = field.sortable ? [{ field: field.field, dir: 'desc' as const }] : undefined;
    if (!op && !sort) continue;
    const answer = await query(context, { query: { op: 'and', conditions }, ...(sort ? { sort } : {}), limit: 1 });
    if (answer.status !== 200) refused.push(`${field.field} (${answer.status} ${answer.json?.error?.code ?? ''})`);
  }
  context.judge('query.fields-usable', refused.length ? `listed fields refused: ${refused.join(', ')}` : undefined);
}

/** A key without contacts:read may query leads, not contacts. */
async function judgeScope(context: CheckContext): Promise<void> {
  const key = context.target.limitedKey;
  if (!key) return;
  const whoami = await context.client.call('getWhoami', { key });
  const scopes: string[] = whoami.json?.scopes ?? [];
  if (!scopes.includes('leads:read') || scopes.includes('contacts:read')) return;
  const leads = await query(context, { query: { op: 'and', conditions: [NO_LEAD] }, limit: 1 }, 'leads', key);
  const contacts = await query(
    context,
    { query: { op: 'and', conditions: [{ field: 'id', op: 'eq', value: `ct_${'0'.repeat(26)}` }] }, limit: 1 },
    'contacts',
    key,
  );
  const refused =
    contacts.status === 403 && contacts.json?.error?.code === 'missing_scope' && contacts.json.error.scope === 'contacts:read';
  context.judge(
    'query.entity-scope',
    leads.status !== 200
      ? `a leads:read key querying leads answered ${leads.status}`
      : refused
        ? undefined
        : `a key without contacts:read querying contacts answered ${contacts.status} ${contacts.json?.error?.code ?? ''} scope ${contacts.json?.error?.scope}`,
    contacts,
  );
}
