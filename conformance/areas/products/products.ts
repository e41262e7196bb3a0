// Spec 2.8 and 4.7: products. A product has the fields of 2.8 and keeps what create sent; the list
// leaves archived products out by default, `archived=true` lists only them and `archived=all`
// both; `q` searches names and SKUs; PATCH with `archived: true` archives. Lists are scoped to
// this run's products by a search word in their names; the SKU word is in no name, so that a hit
// by SKU is one. A decimal price is refused (spec 2.1: money is an integer, never decimals), as
// 400 bad_json (a value of the wrong type) or 422 validation_failed.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { createRecord, firstProblem, idsOf, isTime, token } from '../../kits/records-kit.ts';

export const products: ActiveCheck = {
  kind: 'active',
  id: 'products.products',
  area: 'products',
  title: 'products keep their fields, lists leave archived ones out unless archived=true or all, q finds names and SKUs, PATCH archives',
  spec: '2.8, 4.7',
  basis: 'documented',
  writes: true,
  async run(context) {
    const word = token(context, 'conf');
    const sku = token(context, 'SKU').toUpperCase();
    const sent = { name: `${word} active`, sku, price: 1_250_000, currency: 'UZS', unit: 'pc', vat_percent: 12.5, custom: {} };
    const active = await createRecord(context, 'products', sent);
    context.judge('products.fields', shapeProblem(active.json), active);
    context.judge(
      'products.create-fields',
      firstProblem(
        ...Object.entries(sent).map(
          ([field, value]) =>
            JSON.stringify(active.json[field]) !== JSON.stringify(value) &&
            `${field} is ${JSON.stringify(active.json[field])}, not the ${JSON.stringify(value)} sent`,
        ),
      ),
      active,
    );
    const read = await context.client.call('getProduct', { path: { id: active.json.id } });
    context.judge(
      'products.read',
      read.status === 200 && read.json.id === active.json.id && read.json.sku === sku
        ? undefined
        : `GET of the product answered ${read.status} ${read.json?.id ?? ''}`,
      read,
    );

    const archivedAtCreate = await createRecord(context, 'products', {
      name: `${word} archived`,
      price: 100,
      currency: 'UZS',
      archived: true,
    });
    context.judge(
      'products.create-archived',
      archivedAtCreate.json.archived === true
        ? undefined
        : `created with archived true, it shows archived ${archivedAtCreate.json.archived}`,
      archivedAtCreate,
    );
    const later = await createRecord(context, 'products', { name: `${word} later`, price: 100, currency: 'UZS' });
    const patched = await context.client.call('updateProduct', { path: { id: later.json.id }, body: { archived: true } });
    context.judge(
      'products.patch-archives',
      patched.status === 200 && patched.json.archived === true
        ? undefined
        : `PATCH archived true answered ${patched.status} with archived ${patched.json?.archived}`,
      patched,
    );

    await judgeLists(context, word, active.json.id, [archivedAtCreate.json.id, later.json.id]);
    const bySku = await context.client.call('listProducts', { query: { q: sku } });
    context.judge(
      'products.q-sku',
      idsOf(bySku).includes(active.json.id)
        ? undefined
        : `q=${sku} did not find the product with that SKU: ${JSON.stringify(idsOf(bySku))}`,
      bySku,
    );
    await judgeDecimalPrice(context);
  },
};

async function judgeLists(context: CheckContext, word: string, activeId: string, archivedIds: string[]): Promise<void> {
  const list = (archived?: 'true' | 'all') =>
    context.client.call('listProducts', { query: { q: word, ...(archived ? { archived } : {}) } });
  const byDefault = await list();
  const ids = idsOf(byDefault);
  context.judge(
    'products.q-name',
    ids.includes(activeId) ? undefined : `q=${word} did not find the product named with it: ${JSON.stringify(ids)}`,
    byDefault,
  );
  context.judge(
    'products.list-default-active',
    ids.includes(activeId) && !archivedIds.some((id) => ids.includes(id))
      ? undefined
      : `the default list holds ${JSON.stringify(ids)}: not only the active product`,
    byDefault,
  );
  const onlyArchived = await list('true');
  const archived = idsOf(onlyArchived);
  context.judge(
    'products.list-archived-true',
    archivedIds.every((id) => archived.includes(id)) && !archived.includes(activeId)
      ? undefined
      : `archived=true lists ${JSON.stringify(archived)}: not only the two archived products`,
    onlyArchived,
  );
  const all = await list('all');
  context.judge(
    'products.list-archived-all',
    [activeId, ...archivedIds].every((id) => idsOf(all).includes(id))
      ? undefined
      : `archived=all lists ${JSON.stringify(idsOf(all))}: not all three products`,
    all,
  );
}

async function judgeDecimalPrice(context: CheckContext): Promise<void> {
  const answer: Exchange = await context.client.call('createProduct', {
    body: { name: `conformance ${context.runId} decimal`, price: 10.5, currency: 'UZS' },
  });
  if (answer.status === 201) context.cleanup(() => context.client.call('deleteProduct', { path: { id: answer.json.id } }));
  const refused =
    (answer.status === 400 && answer.json?.error?.code === 'bad_json') ||
    (answer.status === 422 && answer.json?.error?.code === 'validation_failed');
  context.judge(
    'products.price-integer',
    refused
      ? undefined
      : `a price of 10.5 answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 400 bad_json or 422 validation_failed`,
    answer,
  );
}

function shapeProblem(product: any): string | undefined {
  return firstProblem(
    !/^pr_[0-9a-z]{26}$/.test(product.id) && `id ${product.id} is not pr_ and 26 letters or digits`,
    typeof product.name !== 'string' && 'name is not a string',
    typeof product.sku !== 'string' && 'sku is not a string',
    !Number.isInteger(product.price) && `price ${product.price} is not an integer`,
    !/^[A-Z]{3}$/.test(product.currency) && `currency ${product.currency} is not three letters`,
    typeof product.unit !== 'string' && 'unit is not a string',
    typeof product.vat_percent !== 'number' && 'vat_percent is not a number',
    typeof product.archived !== 'boolean' && 'archived is not a boolean',
    (typeof product.custom !== 'object' || product.custom === null) && 'custom is not an object',
    !(isTime(product.created_at) && isTime(product.updated_at)) && 'created_at or updated_at is not a time',
  );
}
