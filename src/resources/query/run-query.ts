// POST /v1/query/{entity} (spec 4.13): the filter and sort read and checked, the matching live
// records ordered and paged, `total` with `count: true` (flagged `total_estimated` above the
// document's `exact_total_up_to`), and the filter echoed as text in `q`.
import type { components } from '../../spec/generated/crm.d.ts';
import { sortedPage } from '../../store/paging.ts';
import type { Role } from '../../workspaces/member.ts';
import type { RecordContext } from '../records/record-context.ts';
import { candidates, compileFilter, lookupCondition } from './evaluate.ts';
import { bodyPageSize, queryRules } from './query-document.ts';
import { ENTITIES, entityTable, type EntityInfo, type QueryEntity, type QueryRecord } from './query-entities.ts';
import { fieldCatalog, type ReadEnv } from './query-fields.ts';
import { parseQuery, type QueryBody } from './query-parse.ts';
import { orderRecords, resolveSort } from './query-sort.ts';
import { renderQuery } from './query-text.ts';

export type QueryResult = components['schemas']['QueryResult'];

export async function runQuery(context: RecordContext, entity: QueryEntity, body: QueryBody): Promise<QueryResult> {
  const document = context.state.validators.crm.document;
  const rules = queryRules(document);
  const info = ENTITIES[entity];
  const { where, sort } = parseQuery(body, rules.limits);
  const masked = seesMasked(context, rules.maskedRoles);
  const catalog = fieldCatalog(context.workspace, document, info);
  const env = readEnv(context, info);
  const table = entityTable(context.tables, info);
  const filterContext = { catalog, env, masked, memberId: context.memberId, records: () => table.values() };
  const lookup = lookupCondition(where, info);
  const filter = compileFilter(where, filterContext, lookup);
  const specs = resolveSort(sort, catalog, masked);
  const q = renderQuery(where);

  const matches: QueryRecord[] = [];
  for (const record of candidates(table, info, lookup, filterContext)) if (filter(record)) matches.push(record);
  const ordered = orderRecords(matches, specs, env);
  // The cursor is bound to the canonical filter and sort: the body minus limit, cursor and count.
  const list = `runQuery:${entity}?${JSON.stringify({ q, sort: specs.map((spec) => [spec.field.field, spec.dir]) })}`;
  const page = await sortedPage(
    ordered.records,
    { list, limit: bodyPageSize(rules, body.limit), cursor: body.cursor, codec: context.state.cursors },
    ordered.positionOf,
    ordered.compare,
  );
  const counted = body.count === true;
  return {
    data: page.data.map((record) => info.present(context.workspace, record) as QueryResult['data'][number]),
    next_cursor: page.next_cursor,
    ...(counted ? { total: matches.length } : {}),
    total_estimated: counted && matches.length > rules.limits.exact_total_up_to,
    q,
  };
}

/** Masking follows the role: an API key's own, or the member an access token acts for (its installer). */
export function seesMasked(context: RecordContext, maskedRoles: ReadonlySet<Role>): boolean {
  const { caller } = context;
  const role =
    caller.kind === 'api_key' ? caller.apiKey.role : caller.memberId ? context.workspace.members.get(caller.memberId)?.role : undefined;
  return role !== undefined && maskedRoles.has(role);
}

/** Reading a record's computed properties presents it once per query, however many conditions ask. */
function readEnv(context: RecordContext, info: EntityInfo): ReadEnv {
  const shown = new WeakMap<QueryRecord, Record<string, unknown>>();
  return {
    workspace: context.workspace,
    present(record) {
      let presented = shown.get(record);
      if (!presented) shown.set(record, (presented = info.present(context.workspace, record) as Record<string, unknown>));
      return presented;
    },
  };
}
