// Mutants of the conventions as leads show them (spec 2.1): amounts, currencies and the
// fields every lead carries.
import { type Fault } from '../fault.ts';
import { alterOk, onOperation } from '../request-match.ts';
import { onLines } from '../lead-requests.ts';

/** The answers of the lead routes (the list, a create, and a lead named by its short id), with each lead in them (one, or a list's data) changed by `alter`. */
function alterLeads(alter: (lead: any) => any) {
  return onOperation(['listLeads', 'createLead', 'getLead', 'updateLead', 'deleteLead'], async (next, request, info, { params }) => {
    const response = await next(request, info);
    if (params.id !== undefined && !/^ld_[0-9a-z]{26}$/.test(params.id)) return response;
    const each = (lead: any) => (typeof lead?.id === 'string' && lead.id.startsWith('ld_') ? alter(lead) : lead);
    return alterOk(response, (body) => (Array.isArray(body?.data) ? { ...body, data: body.data.map(each) } : each(body)));
  });
}

export const conventionsLeadsMutants: readonly Fault[] = [
  {
    // Readings review: leads.number-integer and leads.company-object are stated (2.1, 2.3).
    name: 'lead-number-as-text',
    area: 'conventions',
    proves: [
      'leads.number-integer',
      'responses.shape.list-leads',
      'responses.shape.create-lead',
      'responses.shape.get-lead',
      'responses.shape.update-lead',
    ],
    description:
      'Leads show their record number as text, "#7", as the web app prints it, instead of the integer 7 (spec 2.1, 2.3: an integer number).',
    wrap: alterLeads((lead) => ({ ...lead, number: `#${lead.number}` })),
  },
  {
    name: 'lead-company-without-id',
    area: 'conventions',
    proves: ['leads.company-object', 'responses.shape.list-leads', 'responses.shape.create-lead', 'responses.shape.update-lead'],
    description:
      "A lead's `company` object carries only the company's name, not its id (spec 2.3: company_id and company name the same company).",
    wrap: alterLeads((lead) => (lead.company ? { ...lead, company: { name: lead.company.name } } : lead)),
  },
  {
    name: 'lead-line-amount-unrounded',
    area: 'conventions',
    proves: ['leads.products-money', 'responses.shape.list-lead-products', 'responses.shape.update-lead-product'],
    description:
      "A product line's amount is quantity × price less the discount, not rounded: 1.5 of a price of 333 answers amount 499.5, a decimal (spec 2.1: money is an integer in the smallest unit).",
    wrap: onLines((line) => ({ ...line, amount: line.quantity * line.price * (1 - line.discount_percent / 100) })),
  },
];
