// `data.object` of `product.created` and `product.archived` (spec 6.4; the document's ProductEventObject, the same for both).
import type { EventObjectOf } from '../../events/event-types.ts';
import type { Product } from './product-record.ts';

export function productEventObject(product: Product): EventObjectOf<'product.created'> {
  const { id, name, sku, price, currency, archived } = product;
  return { id, object: 'product', name, sku, price, currency, archived };
}
