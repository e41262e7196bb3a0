// Mutants of the conventions as the records show them (spec 2.1): numbers and ids of
// contacts, companies and products.
import { type Fault } from '../fault.ts';
import { normalizeId } from '../../ids/ids.ts';
import { alterOk, onOperation, sentJson, withJson } from '../request-match.ts';

export const conventionsRecordsMutants: readonly Fault[] = [
  {
    name: 'field-label-string-replaces-english',
    area: 'conventions',
    proves: ['conventions.localized-names-plain-string', 'fields.label-plain-string'],
    description:
      'A field label changed to a plain string replaces only its English text; the other languages keep the old label (spec 2.1: a plain string is used for every language).',
    wrap: onOperation('updateField', async (inner, request, info, { params }, state) => {
      const body = await sentJson(request);
      if (typeof body?.label !== 'string') return inner(request, info);
      const id = normalizeId(params.id ?? '');
      const stored = [...state.workspaces.values()].map((workspace) => workspace.tables.fields.get(id) as any).find(Boolean);
      return inner(withJson(request, { ...body, label: { ...(stored?.label ?? {}), en: body.label } }), info);
    }),
  },
  {
    name: 'product-price-decimal-string',
    area: 'conventions',
    proves: [
      'products.fields',
      'products.create-fields',
      'responses.shape.list-products',
      'responses.shape.create-product',
      'responses.shape.get-product',
      'responses.shape.update-product',
    ],
    description:
      'Product answers show price as a decimal string in major units ("1500.00") instead of an integer in the smallest unit (spec 2.1 money, 2.8).',
    wrap: onOperation(['listProducts', 'createProduct', 'getProduct', 'updateProduct'], async (next, request, info) => {
      const response = await next(request, info);
      const asText = (product: any) =>
        typeof product?.price === 'number' ? { ...product, price: (product.price / 100).toFixed(2) } : product;
      return alterOk(response, (body) => (Array.isArray(body.data) ? { ...body, data: body.data.map(asText) } : asText(body)));
    }),
  },
];
