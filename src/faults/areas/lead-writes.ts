// Create, PATCH and sub-route misreadings of spec 4.2 ("Create lead", "Update lead", the
// lead-contacts and lead-products routes): mutants of the leads area, spread into leadsMutants
// (areas/leads.ts).
import type { HandlerContext } from '../../http/handler.ts';
import type { OperationId } from '../../spec/operation-types.ts';
import { normalizeId } from '../../ids/ids.ts';
import { pipelinesInOrder } from '../../resources/pipelines/present-pipeline.ts';
import type { StoredLead } from '../../resources/leads/lead-record.ts';
import type { Fault } from '../fault.ts';
import { alterResult, eachRecord } from './handler-answer.ts';
import { bodyOf, tablesOf, withBody } from './handler-input.ts';

/** The stored lead a lead route's path names, before the handler runs. */
export function storedLead(context: HandlerContext): StoredLead | undefined {
  return tablesOf(context).leads.get(normalizeId(context.input.path.id ?? ''));
}

/** Create and PATCH misreadings of spec 4.2 "Create lead" and "Update lead". */
export function createMutants(): Fault[] {
  const ignored = (name: string, operation: OperationId, field: string, rule: string, description: string): Fault => ({
    name,
    area: 'leads',
    proves: [rule],
    description,
    operations: [operation],
    alterInput: (input) => withBody(input, ({ [field]: _ignored, ...rest }) => rest),
  });
  return [
    ignored(
      'lead-create-owner-ignored',
      'createLead',
      'owner_id',
      'leads.create-owner',
      'POST /v1/leads ignores `owner_id`: a lead is created without an owner.',
    ),
    ignored(
      'lead-create-contact-id-ignored',
      'createLead',
      'contact_id',
      'leads.create-contact-id',
      'POST /v1/leads ignores `contact_id`: a lead is created without its main contact.',
    ),
    ignored(
      'lead-create-contact-object-ignored',
      'createLead',
      'contact',
      'leads.create-contact-object',
      'POST /v1/leads ignores a `contact` object: no contact is made with the lead.',
    ),
    ignored(
      'lead-create-company-ignored',
      'createLead',
      'company_id',
      'leads.create-company-id',
      'POST /v1/leads ignores `company_id`: a lead is created without its company.',
    ),
    ignored(
      'lead-create-landing-page-ignored',
      'createLead',
      'landing_page',
      'leads.create-optional-fields',
      'POST /v1/leads stores `referrer` and forgets `landing_page`.',
    ),
    ignored(
      'lead-patch-source-ignored',
      'updateLead',
      'source',
      'leads.update-fields',
      'PATCH /v1/leads/{id} does not change `source` (it is written on create only).',
    ),
    {
      name: 'lead-created-200',
      area: 'leads',
      proves: ['leads.create-answer'],
      description: 'POST /v1/leads answers 200 instead of 201 Created (spec 4.2).',
      operations: ['createLead'],
      async aroundHandler(next) {
        const result = await next();
        return result instanceof Response ? result : { ...result, status: result.status === 201 ? 200 : result.status };
      },
    },
    {
      name: 'lead-default-pipeline-newest',
      area: 'leads',
      proves: ['leads.create-first-stage'],
      description:
        'A lead created with neither pipeline_id nor stage_id goes to the newest pipeline (the last one), not the first (spec 4.2).',
      operations: ['createLead'],
      alterInput: (input, context) =>
        withBody(input, (body) => {
          const last = pipelinesInOrder(tablesOf(context)).at(-1);
          return body.pipeline_id === undefined && body.stage_id === undefined && last ? { ...body, pipeline_id: last.id } : body;
        }),
    },
    {
      name: 'lead-amount-default-null',
      area: 'leads',
      proves: ['leads.create-amount-default'],
      description: 'A lead created without `amount` shows `amount: null` (a nullable column) instead of 0 (spec 4.2).',
      operations: ['createLead'],
      async aroundHandler(next, context) {
        const result = await next();
        return bodyOf(context.input).amount === undefined ? alterResult(result, (lead) => ({ ...lead, amount: null })) : result;
      },
    },
    {
      name: 'lead-patch-restamps-created-at',
      area: 'leads',
      proves: ['leads.update-only-sent'],
      description:
        'A PATCH saves the lead through an upsert whose `created_at` defaults to now, so every change moves the creation time (spec 2.1: a PATCH changes only what it sends).',
      operations: ['updateLead'],
      async aroundHandler(next, context) {
        return alterResult(await next(), async (lead) => {
          await tablesOf(context).leads.update(lead.id, (draft) => void (draft.created_at = lead.updated_at));
          return { ...lead, created_at: lead.updated_at };
        });
      },
    },
  ];
}

/** The lead-contacts and lead-products routes (spec 4.2; their bodies are crmkit's reading). */
export function subRouteMutants(): Fault[] {
  return [
    {
      name: 'lead-contact-added-200',
      area: 'leads',
      proves: ['leads.contacts-add'],
      description: 'POST /v1/leads/{id}/contacts answers 200 for a contact newly added, not 201.',
      operations: ['addLeadContact'],
      async aroundHandler(next) {
        const result = await next();
        return result instanceof Response ? result : { ...result, status: result.status === 201 ? 200 : result.status };
      },
    },
    {
      name: 'lead-contacts-list-main-only',
      area: 'leads',
      proves: ['leads.contacts-list'],
      description: "GET /v1/leads/{id}/contacts lists the lead's main contact only, not the contacts added to it.",
      operations: ['listLeadContacts'],
      async aroundHandler(next, context) {
        const lead = storedLead(context);
        return alterResult(await next(), (page) => ({
          ...page,
          data: page.data.filter((contact: any) => contact.id === lead?.contact_id),
        }));
      },
    },
    {
      name: 'lead-line-quantity-ignored',
      area: 'leads',
      proves: ['leads.products-add'],
      description: 'POST /v1/leads/{id}/products ignores `quantity`: every line starts at 1.',
      operations: ['addLeadProduct'],
      alterInput: (input) => withBody(input, (body) => ({ ...body, quantity: 1 })),
    },
    {
      name: 'lead-lines-listed-as-products',
      area: 'leads',
      proves: ['leads.products-list'],
      description: "GET /v1/leads/{id}/products shows each line under its product's id instead of the line's own.",
      operations: ['listLeadProducts'],
      async aroundHandler(next) {
        return alterResult(
          await next(),
          eachRecord((line) => ({ ...line, id: line.product_id })),
        );
      },
    },
    {
      name: 'lead-line-patch-quantity-ignored',
      area: 'leads',
      proves: ['leads.products-change'],
      description: 'PATCH /v1/leads/{id}/products/{itemID} changes price and discount but ignores `quantity`.',
      operations: ['updateLeadProduct'],
      alterInput: (input) => withBody(input, ({ quantity: _ignored, ...rest }) => rest),
    },
  ];
}
