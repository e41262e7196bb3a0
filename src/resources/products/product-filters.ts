// The filters of the product list (spec 4.7): `archived` and the text search `q`.
import type { Product } from './product-record.ts';

export type ProductListQuery = { archived?: 'true' | 'all'; q?: string };

export function productFilter(query: ProductListQuery): (product: Product) => boolean {
  const archived = archivedFilter(query.archived);
  const text = query.q === undefined ? () => true : textFilter(query.q);
  return (product) => archived(product) && text(product);
}

/** `true` = archived only, `all` = both; left out = active only (archived are left out by default, spec 2.8). */
function archivedFilter(archived: ProductListQuery['archived']): (product: Product) => boolean {
  if (archived === 'all') return () => true;
  if (archived === 'true') return (product) => product.archived;
  return (product) => !product.archived;
}

/** Part of the name or the SKU, ignoring case and the spaces around the query. */
function textFilter(q: string): (product: Product) => boolean {
  const needle = q.trim().toLocaleLowerCase();
  return (product) => product.name.toLocaleLowerCase().includes(needle) || product.sku.toLocaleLowerCase().includes(needle);
}
