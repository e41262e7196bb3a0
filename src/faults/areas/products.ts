// Mutants of the products area (spec 2.8, 4.7): each is one bug another team's implementation
// might have, named with the catalog rules (conformance/areas/products/rules.yaml) it breaks, acting
// through the core's seams by operationId. The product checks are of the records family.
import type { MockState } from '../../mock-state.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { changed, jsonOf, type Fault, type Handle } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { alterOk, onOperation } from '../request-match.ts';
import { alterResult } from './handler-answer.ts';
import { withBody, withQueryInput } from './handler-input.ts';

/** A refusal of `operations` for want of `scope` (403 missing_scope), given to `answer` with the request and its state. */
function onMissingScope(
  operations: readonly OperationId[],
  scope: string,
  answer: (state: MockState, next: Handle, request: Request, refusal: Response, body: any) => Promise<Response>,
): NonNullable<Fault['wrap']> {
  return (next, state) =>
    onOperation(operations, async (inner, request, info) => {
      const copy = request.clone();
      const response = await inner(request, info);
      const body = response.status === 403 ? await jsonOf(response) : undefined;
      return body?.error?.code === 'missing_scope' && body.error.scope === scope
        ? answer(state, (sent) => inner(sent, info), copy, response, body)
        : response;
    })(next, state);
}

export const productsMutants: Fault[] = [
  {
    name: 'product-reads-unscoped',
    area: 'products',
    proves: ['products.read-scope'],
    description: 'The product list and reads need no scope: a key without products:read reads them (spec 4.7).',
    wrap: onMissingScope(['listProducts', 'getProduct'], 'products:read', (state, next, request, refusal) =>
      retryAsOwner(state, next, request, refusal),
    ),
  },
  {
    name: 'product-writes-name-read-scope',
    area: 'products',
    proves: ['products.write-scope'],
    description:
      'The product write routes are guarded by products:read, copied from the reads: a key with it writes, one without it is refused naming products:read (spec 4.7: products:write).',
    wrap: onMissingScope(
      ['createProduct', 'updateProduct', 'deleteProduct'],
      'products:write',
      async (state, next, request, refusal, body) => {
        const found = state.findCredential(/^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
        const canRead = found?.credential.kind === 'api_key' && found.credential.apiKey.scopes.includes('products:read');
        return canRead
          ? retryAsOwner(state, next, request, refusal)
          : changed(refusal, { body: { error: { ...body.error, scope: 'products:read' } } });
      },
    ),
  },
  {
    name: 'product-read-without-sku',
    area: 'products',
    proves: ['products.read'],
    description: "GET /v1/products/{id} answers the product's summary without its `sku` (spec 4.7: the product).",
    wrap: onOperation('getProduct', async (next, request, info) =>
      alterOk(await next(request, info), ({ sku: _left, ...product }) => product),
    ),
  },
  {
    name: 'product-archived-all-as-true',
    area: 'products',
    proves: ['products.list-archived-all'],
    description: 'The product list reads `archived=all` as a true value and lists archived products only (spec 4.7).',
    operations: ['listProducts'],
    alterInput: (input) => withQueryInput(input, (query) => void (query.archived === 'all' && (query.archived = 'true'))),
  },
  {
    name: 'product-q-sku-only',
    area: 'products',
    proves: ['products.q-name'],
    description: "The product list's `q` searches SKUs only, not names (spec 4.7: names and SKUs).",
    operations: ['listProducts'],
    async aroundHandler(next, context) {
      const q = context.input.query.q;
      const result = await next();
      if (typeof q !== 'string' || !q.trim()) return result;
      return alterResult(result, (page) => ({
        ...page,
        data: page.data.filter((product: any) =>
          String(product.sku ?? '')
            .toLowerCase()
            .includes(q.trim().toLowerCase()),
        ),
      }));
    },
  },
  {
    name: 'product-create-archived-ignored',
    area: 'products',
    proves: ['products.create-archived'],
    description: 'POST /v1/products ignores `archived`: a product is always created active (spec 4.7).',
    operations: ['createProduct'],
    alterInput: (input) => withBody(input, ({ archived: _ignored, ...rest }) => rest),
  },
];
