// The operations of the bundled document as a flat list, for the document tests.
import type { OpenApiDocument } from '../../src/spec/document.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type DocumentOperation = {
  method: string;
  path: string;
  operation: Record<string, any>;
  pathItem: Record<string, any>;
};

export function listOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem && method in pathItem).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: (pathItem as Record<string, any>)[method],
      pathItem: pathItem as Record<string, any>,
    })),
  );
}

/** Whether a document path template (`/v1/bulk/{entity}/run`) covers a spec path. */
export function templateCovers(template: string, specPath: string): boolean {
  const [left, right] = [template.split('/'), specPath.split('/')];
  return left.length === right.length && left.every((segment, i) => segment === right[i] || (/^\{.+\}$/.test(segment) && (right[i]!.startsWith('{') || !right[i]!.includes('{'))));
}
