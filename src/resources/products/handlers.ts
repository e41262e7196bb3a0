// Handlers of the products routes, by operationId (spec 4.7).
import type { TagHandlers } from '../../http/handler.ts';
import { findRecord } from '../../store/find-record.ts';
import { newestFirstPage } from '../../store/paging.ts';
import { recordContext } from '../records/record-context.ts';
import { productEventObject } from './product-event.ts';
import { productFilter } from './product-filters.ts';
import { newProduct, productChanges } from './product-values.ts';

export const productsHandlers: TagHandlers<'Products'> = {
  // Newest first like every other list of records: stable while paging (spec 4.13).
  async listProducts(context) {
    const records = recordContext(context);
    const filter = productFilter(context.input.query);
    return { body: await newestFirstPage(records.tables.products, records.pageRequest(), filter) };
  },

  async createProduct(context) {
    const records = recordContext(context);
    const product = await records.tables.products.insert(newProduct(records, context.input.body));
    await records.emit('product.created', productEventObject(product));
    return { status: 201, body: product };
  },

  // Archived products are left out of lists only; they are still read by id.
  getProduct(context) {
    const { tables } = recordContext(context);
    return { body: findRecord(tables.products, context.input.path.id) };
  },

  async updateProduct(context) {
    const records = recordContext(context);
    const product = findRecord(records.tables.products, context.input.path.id);
    const changes = productChanges(records, product, context.input.body);
    const updated = await records.tables.products.update(product.id, (draft) => void Object.assign(draft, changes));
    // Only the change from active to archived archives (spec 4.7); repeating it sends nothing.
    if (updated.archived && !product.archived) await records.emit('product.archived', productEventObject(updated));
    return { body: updated };
  },

  // No trash for products (see the document): the product is removed for good.
  deleteProduct(context) {
    const { tables } = recordContext(context);
    const product = findRecord(tables.products, context.input.path.id);
    tables.products.remove(product.id);
    return { body: { ok: true, id: product.id } };
  },
};
