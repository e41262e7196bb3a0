// Mutants of products (spec 2.8, 4.7): prices, currencies, archived products, and what a
// product answers.
import { type Fault } from '../fault.ts';
import { onOperation, queryOf, sentJson, withJson, withQuery } from '../request-match.ts';
import { type RequestPick, withUrlQuery, onSuccess, sentBody, withBody, alsoWrites } from '../record-requests.ts';

const productList: RequestPick = { operations: ['listProducts'] };

export const productsRecordsMutants: readonly Fault[] = [
  {
    // Readings review: products.price-integer is stated (2.8 "price | integer | smallest currency unit"; 2.1).
    name: 'product-price-decimal-rounded',
    area: 'products',
    proves: ['products.price-integer'],
    description:
      'A product price sent as a decimal is rounded to the smallest unit and taken instead of refused (spec 2.1, 2.8: an integer, never decimals).',
    wrap: onOperation(['createProduct', 'updateProduct'], async (next, request, info) => {
      const body = await sentJson(request);
      const decimal = typeof body?.price === 'number' && !Number.isInteger(body.price);
      return next(decimal ? withJson(request, { ...body, price: Math.round(body.price) }) : request, info);
    }),
  },
  {
    name: 'products-archived-listed',
    area: 'products',
    proves: ['products.list-default-active'],
    description: 'The product list includes archived products by default (as if archived=all).',
    wrap: onOperation(productList.operations, async (next, request, info) => {
      if (queryOf(request).has('archived')) return next(request, info);
      return next(
        withUrlQuery(request, (query) => query.set('archived', 'all')),
        info,
      );
    }),
  },
  {
    name: 'products-search-names-only',
    area: 'products',
    proves: ['products.q-sku'],
    description: 'q on the product list searches names only, not SKUs.',
    wrap: onSuccess({ ...productList, matches: (_routed, query) => query.has('q') }, (body, _sent, query) => {
      const q = query.get('q')!.toLowerCase();
      return { ...body, data: body.data.filter((product: { name: string }) => product.name.toLowerCase().includes(q)) };
    }),
  },
  {
    name: 'product-patch-archive-ignored',
    area: 'products',
    proves: ['products.list-default-active', 'products.list-archived-true', 'products.patch-archives'],
    description: 'PATCH of a product ignores archived (only create sets it), so a product cannot be archived.',
    wrap: onOperation('updateProduct', async (next, request, info) => {
      const sent = await sentBody(request);
      if (!sent || !('archived' in sent)) return next(request, info);
      const { archived: _ignored, ...rest } = sent;
      return next(withBody(request, Object.keys(rest).length ? rest : { custom: {} }), info);
    }),
  },
  {
    name: 'products-archived-true-lists-all',
    area: 'products',
    proves: ['products.list-archived-true'],
    description:
      'archived=true on the product list is read like archived=all: active products are listed with the archived ones (spec 4.7).',
    wrap: onOperation('listProducts', (next, request, info) =>
      next(
        withQuery(request, (query) => void (query.get('archived') === 'true' && query.set('archived', 'all'))),
        info,
      ),
    ),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'product-vat-percent-rounded',
    area: 'products',
    proves: ['products.create-fields'],
    description: "A product's vat_percent is kept in an integer column: 12.5 comes back as 13 (spec 2.8: vat_percent is a number).",
    // PATCH of a product named by its id (not a number: spec 2.8's products have none).
    ...alsoWrites(
      ['createProduct', 'updateProduct'],
      () => 'products',
      (product, _sent, _workspace, { input }) =>
        (input.path.id === undefined || /^[a-z]+_[0-9a-z]{26}$/.test(input.path.id)) &&
        typeof product.vat_percent === 'number' &&
        !Number.isInteger(product.vat_percent)
          ? { fields: { vat_percent: Math.round(product.vat_percent) } }
          : undefined,
    ),
  },
];
