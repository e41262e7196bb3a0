// A query of spec 4.13 once parsed (query-parse.ts, from the JSON body or the text form in
// query-text.ts): a tree of groups and conditions, each with the path of the input it came from
// (errors name it), and the sort keys. Evaluating and sorting read it (evaluate.ts, query-sort.ts).
import type { Operator } from './query-document.ts';

export type Condition = { kind: 'condition'; field: string; op: Operator; value: unknown; not: boolean; path: string };
export type Group = { kind: 'group'; op: 'and' | 'or'; conditions: QueryNode[]; path: string };
export type QueryNode = Condition | Group;
export type SortKey = { field: string; dir: 'asc' | 'desc'; path: string };

export type ParsedQuery = { where: Group; sort: SortKey[] };
