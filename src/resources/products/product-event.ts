// `data.object` of `product.created` and `product.archived` (spec 6.4; the document's ProductEventObject).
import type { EventObject } from '../../events/emit-event.ts';
import type { Product } from './product-record.ts';

export function productEventObject(product: Product): EventObject {
  const { id, name, sku, price, currency, archived } = product;
  return { id, object: 'product', name, sku, price, currency, archived };
}
