// The product lines of a lead (spec 4.2, 8): up to 200 (LeadProductList in the document), each with its line total computed from
// quantity, price and discount (VAT not added); `limit_reached` on the 201st.
import { ApiError } from '../../errors/api-error.ts';
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { propertyLimit } from '../../spec/schema-enum.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { StoredLead } from './lead-record.ts';
import type { LeadProduct, StoredLeadProduct } from './lead-product-record.ts';
import { notFound } from '../../errors/not-found.ts';

export const MAX_PRODUCT_LINES = propertyLimit(loadRuntimeDocument('crm'), 'LeadProductList', 'data', 'maxItems');

type LineCreate = components['schemas']['LeadProductCreate'];
type LineUpdate = components['schemas']['LeadProductUpdate'];

export function linesOf(context: RecordContext, lead: StoredLead): StoredLeadProduct[] {
  return context.tables.leadProducts.findBy('lead', lead.id);
}

export async function addLine(context: RecordContext, lead: StoredLead, body: LineCreate): Promise<StoredLeadProduct> {
  const used = linesOf(context, lead).length;
  if (used >= MAX_PRODUCT_LINES) {
    throw new ApiError(
      'limit_reached',
      { key: 'lead_products', limit: MAX_PRODUCT_LINES, used, plan: context.workspace.plan, upgrade_to: null },
      { status: 409 },
    );
  }
  const product = context.tables.products.get(normalizeId(body.product_id));
  if (!product) throw new ApiError('validation_failed', { fields: { product_id: 'no product of this workspace has this id' } });
  const line = { quantity: body.quantity, price: body.price ?? product.price, discount_percent: body.discount_percent ?? 0 };
  return context.tables.leadProducts.insert({
    id: context.workspace.newId('lineItem'),
    lead_id: lead.id,
    product_id: product.id,
    name: product.name,
    currency: product.currency,
    vat_percent: product.vat_percent,
    ...line,
    amount: lineTotal(line),
    created_at: context.nowIso(),
  });
}

export async function changeLine(context: RecordContext, line: StoredLeadProduct, body: LineUpdate): Promise<StoredLeadProduct> {
  const next = {
    quantity: body.quantity ?? line.quantity,
    price: body.price ?? line.price,
    discount_percent: body.discount_percent ?? line.discount_percent,
  };
  return context.tables.leadProducts.update(line.id, (draft) => void Object.assign(draft, next, { amount: lineTotal(next) }));
}

/** The line the path names, on this lead, or 404. */
export function findLine(context: RecordContext, lead: StoredLead, lineId: string): StoredLeadProduct {
  const line = context.tables.leadProducts.get(lineId);
  if (!line || line.lead_id !== lead.id) throw notFound(lineId, 'lineItem');
  return line;
}

export function presentLine(line: StoredLeadProduct): LeadProduct {
  const { lead_id: _lead, ...shown } = line;
  return shown;
}

function lineTotal(line: { quantity: number; price: number; discount_percent: number }): number {
  return Math.round(line.quantity * line.price * (1 - line.discount_percent / 100));
}
