// Finds every example in the OpenAPI document and the schema it must satisfy.
import { toPointer } from '../../src/spec/json-pointer.ts';

export type DocumentExample = { where: string; schemaPointer: string; value: unknown };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

export function collectExamples(document: unknown): DocumentExample[] {
  const found: DocumentExample[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...path, String(index)]));
    if (!isNode(node)) return;
    const here = toPointer(path);
    if (Array.isArray(node.examples)) {
      // A JSON Schema: `examples` is an array of instances.
      node.examples.forEach((value, index) => found.push({ where: `${here}/examples/${index}`, schemaPointer: here, value }));
    } else if (isNode(node.schema)) {
      // A media type, parameter or header: `example`, or `examples` as a map of Example objects.
      const schemaPointer = `${here}/schema`;
      if ('example' in node) found.push({ where: `${here}/example`, schemaPointer, value: node.example });
      if (isNode(node.examples)) {
        for (const [name, example] of Object.entries(node.examples)) {
          if (isNode(example) && 'value' in example) found.push({ where: `${here}/examples/${name}`, schemaPointer, value: example.value });
        }
      }
    } else if ('example' in node && ('type' in node || '$ref' in node || 'properties' in node)) {
      found.push({ where: `${here}/example`, schemaPointer: here, value: node.example });
    }
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('x-') && key !== 'example' && key !== 'examples') visit(value, [...path, key]);
    }
  };
  visit(document, []);
  return found;
}
