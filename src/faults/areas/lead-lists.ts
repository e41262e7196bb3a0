// The lead list's misreadings of its query (spec 4.2 "List leads"): mutants of the leads area,
// spread into leadsMutants (areas/leads.ts).
import type { Fault } from '../fault.ts';
import { alterResult } from './handler-answer.ts';
import { withQueryInput } from './handler-input.ts';

/** The lead list's misreadings of its query (spec 4.2 "List leads"). */
export function listFilterMutants(): Fault[] {
  const dropped = (
    name: string,
    param: string,
    rule: string,
    description: string,
    when: (value: unknown) => boolean = () => true,
  ): Fault => ({
    name,
    area: 'leads',
    proves: [rule],
    description,
    operations: ['listLeads'],
    alterInput: (input) => withQueryInput(input, (query) => void (when(query[param]) && delete query[param])),
  });
  return [
    dropped(
      'lead-filter-pipeline-ignored',
      'pipeline',
      'leads.filter-pipeline',
      'The lead list ignores `pipeline=` and lists the leads of every pipeline.',
    ),
    dropped(
      'lead-filter-stage-ignored',
      'stage',
      'leads.filter-stage',
      'The lead list ignores `stage=` and lists the leads of every stage.',
    ),
    dropped(
      'lead-filter-contact-ignored',
      'contact',
      'leads.filter-contact',
      'The lead list ignores `contact=` and lists leads whatever their main contact.',
    ),
    dropped(
      'lead-filter-company-ignored',
      'company',
      'leads.filter-company',
      'The lead list ignores `company=` and lists leads whatever their company.',
    ),
    dropped(
      'lead-filter-owner-id-ignored',
      'owner',
      'leads.filter-owner-id',
      'The lead list understands `owner=me` and `owner=unassigned` only, and ignores a member id.',
      (owner) => owner !== 'me' && owner !== 'unassigned',
    ),
    dropped(
      'lead-filter-status-closed-ignored',
      'status',
      'leads.filter-status-closed',
      'The lead list understands `status=open` only, and ignores `status=closed`.',
      (status) => status === 'closed',
    ),
    dropped('lead-sort-position-ignored', 'sort', 'leads.sort-position', 'The lead list ignores `sort=position` and lists newest first.'),
    {
      name: 'lead-status-all-read-as-open',
      area: 'leads',
      proves: ['leads.filter-status-all'],
      description: 'The lead list reads `status=all`, its default, as open: closed leads are listed only with `status=closed` (spec 4.2).',
      operations: ['listLeads'],
      alterInput: (input) => withQueryInput(input, (query) => void ((query.status ?? 'all') === 'all' && (query.status = 'open'))),
    },
    {
      name: 'lead-default-sort-position',
      area: 'leads',
      proves: ['leads.sort-newest-first'],
      description: 'The lead list without `sort` lists leads in board order (by position), not newest first (spec 4.2).',
      operations: ['listLeads'],
      alterInput: (input) => withQueryInput(input, (query) => void (query.sort ??= 'position')),
    },
    textSearchMutant(
      'lead-q-skips-contact',
      'leads.q-contact',
      "The lead list's `q` searches the lead's name and number and not its main contact.",
      (lead, q) => lead.name.toLowerCase().includes(q) || String(lead.number) === q,
    ),
    textSearchMutant(
      'lead-q-skips-name',
      'leads.q-name',
      "The lead list's `q` searches the main contact and the number and not the lead's own name.",
      (lead, q) => Boolean(lead.contact?.name.toLowerCase().includes(q)) || String(lead.number) === q,
    ),
    {
      name: 'lead-summary-on-every-page',
      area: 'leads',
      proves: ['leads.summary-first-page-only'],
      description:
        'Every page of the lead list carries a `summary`, the later ones summing the page they show (spec 4.2: the first page only).',
      operations: ['listLeads'],
      async aroundHandler(next, context) {
        const result = await next();
        if (context.input.query.cursor === undefined) return result;
        return alterResult(result, (page) => ({
          ...page,
          summary: { count: page.data.length, sum: page.data.reduce((sum: number, lead: any) => sum + lead.amount, 0) },
        }));
      },
    },
  ];
}

/** The lead list's `q` matching a narrower text than spec 4.2's (name, main contact, number). */
function textSearchMutant(name: string, rule: string, description: string, matches: (lead: any, q: string) => boolean): Fault {
  return {
    name,
    area: 'leads',
    proves: [rule],
    description,
    operations: ['listLeads'],
    async aroundHandler(next, context) {
      const q = context.input.query.q;
      const result = await next();
      if (typeof q !== 'string' || !q.trim()) return result;
      return alterResult(result, (page) => ({ ...page, data: page.data.filter((lead: any) => matches(lead, q.trim().toLowerCase())) }));
    },
  };
}
