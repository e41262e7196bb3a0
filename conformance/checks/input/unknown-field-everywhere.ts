import { createApi } from '../../../src/http/api.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import { resolvePointer } from '../../../src/spec/json-pointer.ts';
import type { Operation } from '../../../src/spec/operation-index.ts';
import type { ActiveCheck } from '../../check.ts';

const document = loadDocument('crm');
const { operations } = createApi(document, {});

/** Credentialed JSON-body operations whose body schema is closed: an unknown field must be refused. */
const CLOSED_BODY_OPERATIONS = [...operations.values()].filter((operation) => {
  const pointer = operation.bodySchemas['application/json'];
  const schema = pointer ? (resolved(pointer) as { additionalProperties?: unknown }) : undefined;
  return !operation.isPublic && schema?.additionalProperties === false;
});

function resolved(pointer: string): unknown {
  let node = resolvePointer(document, pointer) as { $ref?: string } | undefined;
  while (node?.$ref?.startsWith('#/')) node = resolvePointer(document, node.$ref.slice(1)) as { $ref?: string } | undefined;
  return node;
}

/** A path with syntactically valid ids of the right type; no such records need exist. */
function pathOf(operation: Operation): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const pattern = String(operation.parameters.find((parameter) => parameter.name === name)?.schema.pattern ?? '');
    const prefix = /\^\(?\(?([a-z]+)[|_]/.exec(pattern)?.[1];
    if (!prefix) return name === 'entity' ? 'leads' : 'x';
    return `${prefix}_${'0'.repeat(26)}`;
  });
}

export const unknownFieldEverywhere: ActiveCheck = {
  kind: 'active',
  id: 'input.unknown-field-everywhere',
  family: 'input',
  title: 'every operation with a closed body refuses an unknown field with 400 unknown_field (or 404 for a record that does not exist, 403 for web-app-only routes)',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const operation of CLOSED_BODY_OPERATIONS) {
      const answer = await context.client.send(operation.method, pathOf(operation), { body: { conformance_unknown_field: context.runId } });
      const code = answer.json?.error?.code;
      if (code === 'unknown_field' && answer.status === 400) continue;
      if ((code === 'not_found' && answer.status === 404) || (code === 'forbidden' && operation.isFirstPartyOnly)) continue;
      context.fail(`${operation.id} answered ${answer.status} ${code ?? ''} to an unknown body field`, answer);
    }
  },
};
