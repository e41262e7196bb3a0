// What the document says about queries, read once per document so that no number is typed twice:
// the limits of spec 8 (`x-query-limits` on QueryRequest), the roles that see masked phones and
// emails (`x-masked-roles`, the mock's reading: the spec names none), the page size of
// `QueryLimit` and the operators of `QueryOperator`.
import type { OpenApiDocument } from '../../spec/document.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { schemaEnum } from '../../spec/schema-enum.ts';
import type { Role } from '../../workspaces/member.ts';

export type Operator = components['schemas']['QueryOperator'];

export type QueryLimits = {
  conditions: number;
  regex_conditions: number;
  list_values: number;
  sort_keys: number;
  nesting: number;
  regex_length: number;
  exact_total_up_to: number;
};

export type QueryRules = {
  limits: QueryLimits;
  maskedRoles: ReadonlySet<Role>;
  operators: readonly Operator[];
  page: { default: number; maximum: number };
};

const cache = new WeakMap<OpenApiDocument, QueryRules>();

export function queryRules(document: OpenApiDocument): QueryRules {
  let rules = cache.get(document);
  if (!rules) cache.set(document, (rules = readRules(document)));
  return rules;
}

function readRules(document: OpenApiDocument): QueryRules {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const request = schemas.QueryRequest;
  const limits = request?.['x-query-limits'] as QueryLimits | undefined;
  const masked = request?.['x-masked-roles'] as Role[] | undefined;
  const pageLimit = schemas.QueryLimit as { default?: number; 'x-effective-maximum'?: number } | undefined;
  if (!limits || !masked || !pageLimit?.default || !pageLimit['x-effective-maximum']) {
    throw new Error('the document lacks x-query-limits, x-masked-roles or the QueryLimit page size');
  }
  return {
    limits,
    maskedRoles: new Set(masked),
    operators: schemaEnum<Operator>(document, 'QueryOperator'),
    page: { default: pageLimit.default, maximum: pageLimit['x-effective-maximum'] },
  };
}

/** The page size a body asks for: the default when absent, values above the maximum treated as it. */
export function bodyPageSize(rules: QueryRules, limit: number | undefined): number {
  return Math.min(limit ?? rules.page.default, rules.page.maximum);
}
