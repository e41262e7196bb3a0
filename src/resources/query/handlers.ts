// Handlers of the query routes (spec 4.13), by operationId.
import type { TagHandlers } from '../../http/handler.ts';
import { recordContext } from '../records/record-context.ts';
import { operatorsFor, isSortable, MASKED_TYPES } from './operators.ts';
import { queryRules } from './query-document.ts';
import { ENTITIES } from './query-entities.ts';
import { fieldCatalog } from './query-fields.ts';
import { runQuery, seesMasked } from './run-query.ts';

export const queryHandlers: TagHandlers<'Query'> = {
  async runQuery(handlerContext) {
    const context = recordContext(handlerContext);
    const { path, body } = handlerContext.input;
    return { body: await runQuery(context, path.entity, body) };
  },

  /** The fields and the operators this caller may use on each: a masked role gets the exact ones only. */
  listQueryFields(handlerContext) {
    const context = recordContext(handlerContext);
    const document = context.state.validators.crm.document;
    const masked = seesMasked(context, queryRules(document).maskedRoles);
    const catalog = fieldCatalog(context.workspace, document, ENTITIES[handlerContext.input.path.entity]);
    const data = catalog.fields.map((field) => ({
      field: field.field,
      type: field.type,
      label: field.label,
      operators: operatorsFor(field, masked),
      sortable: isSortable(field) && !(masked && MASKED_TYPES.has(field.type)),
    }));
    return { body: { data } };
  },
};
