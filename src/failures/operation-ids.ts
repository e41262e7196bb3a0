// The operation ids a failure rule may name (src/failures/failure-rules.ts): those of the CRM
// interface in the runtime document, the one source of its operations. A rule naming any other
// id could never match a call, so the control API and `crmkit mock --failure` refuse it.
import { didYouMean } from '../errors/close-names.ts';
import { HTTP_METHODS } from '../spec/operation-index.ts';
import { loadRuntimeDocument } from '../spec/runtime-document.ts';

let ids: Set<string> | undefined;

export function crmOperationIds(): Set<string> {
  if (ids) return ids;
  ids = new Set<string>();
  for (const item of Object.values(loadRuntimeDocument('crm').paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const id = (item as Record<string, { operationId?: string } | undefined>)?.[method]?.operationId;
      if (id) ids.add(id);
    }
  }
  return ids;
}

/** Why `operation` cannot be a rule's operation (with the close ids), or undefined when it can: an id of the document, or `*`. */
export function unknownOperationProblem(operation: string | undefined): string | undefined {
  if (operation === undefined || operation === '*' || crmOperationIds().has(operation)) return undefined;
  const hint = didYouMean(operation, crmOperationIds());
  return `no operation ${operation} in the CRM interface${hint ? `: ${hint}` : ' (the operationIds of openapi/crm.yaml)'}`;
}
