// A query body's conditions as a buggy engine reads them (spec 4.13: a group's `conditions` hold
// conditions and nested groups): the handler is given the body with each condition, at any depth,
// replaced by what `misread` makes of it; a body with a text filter `q` instead is left alone.
import type { ValidatedInput } from '../../http/request-validation.ts';

export type Condition = { field: string; op: string; value?: unknown; not?: boolean };
type Group = { op: string; conditions: (Condition | Group)[] };

const isGroup = (node: Condition | Group): node is Group => Array.isArray((node as Group).conditions);

function groupRead(group: Group, misread: (condition: Condition) => unknown): Group {
  return {
    ...group,
    conditions: group.conditions.map((node) => (isGroup(node) ? groupRead(node, misread) : (misread(node) as Condition | Group))),
  };
}

/** An `alterInput` of runQuery giving the handler each condition as `misread` reads it. */
export function conditionsRead(misread: (condition: Condition) => unknown) {
  return (input: ValidatedInput): ValidatedInput => {
    const body = input.body as { query?: Group };
    return body.query ? { ...input, body: { ...body, query: groupRead(body.query, misread) } } : input;
  };
}
