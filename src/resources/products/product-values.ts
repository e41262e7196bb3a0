// What create and PATCH make of a product's body (spec 2.1, 4.7). Fields left out of create get
// neutral values (the spec names no defaults): no SKU or unit, price 0, VAT 0, the workspace's
// currency (as for leads, spec 2.1), active.
import { customValuesFor } from '../fields/custom-values.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { Product, ProductCreate, ProductUpdate } from './product-record.ts';

export function newProduct(records: RecordContext, body: ProductCreate): Product {
  const now = records.nowIso();
  return {
    id: records.workspace.newId('product'),
    name: body.name,
    sku: body.sku ?? '',
    price: body.price ?? 0,
    currency: body.currency ?? records.workspace.currency,
    unit: body.unit ?? '',
    vat_percent: body.vat_percent ?? 0,
    archived: body.archived ?? false,
    custom: customValuesFor(records, 'product', {}, body.custom),
    created_at: now,
    updated_at: now,
  };
}

/** The fields a PATCH changes: only those sent; in `custom` only the keys sent (spec 2.1). */
export function productChanges(records: RecordContext, product: Product, body: ProductUpdate): Partial<Product> {
  const { custom, ...plain } = body;
  const changes: Partial<Product> = { ...plain };
  if (custom !== undefined) changes.custom = customValuesFor(records, 'product', product.custom, custom);
  if (Object.keys(changes).length) changes.updated_at = records.nowIso();
  return changes;
}
