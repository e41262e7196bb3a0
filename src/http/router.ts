// Matches a method and path to an operation. Built once from the operation index: a tree of
// path segments in which a static segment is tried before a parameter (`/v1/leads/board`
// before `/v1/leads/{id}`).
import type { Operation } from '../spec/operation-index.ts';

type RouteNode = {
  statics: Map<string, RouteNode>;
  param?: { name: string; node: RouteNode };
  operations: Map<string, Operation>;
};

export type RouteMatch =
  | { kind: 'found'; operation: Operation; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export type Router = {
  match(method: string, pathname: string): RouteMatch;
  /** Whether any operation has this method (TRACE, CONNECT or a custom one has none). */
  knows(method: string): boolean;
};

const newNode = (): RouteNode => ({ statics: new Map(), operations: new Map() });

export function createRouter(operations: Iterable<Operation>): Router {
  const root = newNode();
  const methods = new Set<string>();
  for (const operation of operations) {
    insert(root, operation);
    methods.add(operation.method);
  }
  return {
    knows: (method) => methods.has(method),
    match(method, pathname) {
      const segments = pathname.split('/').slice(1);
      const found = walk(root, segments, 0, {});
      if (!found) return { kind: 'not_found' };
      // RFC 9110 9.1: the method token is case-sensitive (`get` is not GET; fetch upper-cases the standard ones itself).
      const operation = found.node.operations.get(method);
      if (!operation) return { kind: 'method_not_allowed', allowed: [...found.node.operations.keys()] };
      return { kind: 'found', operation, params: found.params };
    },
  };
}

function insert(root: RouteNode, operation: Operation): void {
  let node = root;
  for (const segment of operation.path.split('/').slice(1)) {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (param) {
      if (node.param && node.param.name !== param)
        throw new Error(`${operation.path}: parameter {${param}} clashes with {${node.param.name}}`);
      node.param ??= { name: param, node: newNode() };
      node = node.param.node;
    } else {
      let next = node.statics.get(segment);
      if (!next) node.statics.set(segment, (next = newNode()));
      node = next;
    }
  }
  if (node.operations.has(operation.method)) throw new Error(`${operation.method} ${operation.path} is declared twice`);
  node.operations.set(operation.method, operation);
}

function walk(
  node: RouteNode,
  segments: string[],
  i: number,
  params: Record<string, string>,
): { node: RouteNode; params: Record<string, string> } | undefined {
  if (i === segments.length) return node.operations.size ? { node, params } : undefined;
  const segment = segments[i]!;
  const staticChild = node.statics.get(segment);
  const viaStatic = staticChild && walk(staticChild, segments, i + 1, params);
  if (viaStatic) return viaStatic;
  if (!node.param || segment === '') return undefined;
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return walk(node.param.node, segments, i + 1, { ...params, [node.param.name]: value });
}
