// What the query checks share: leads of a company of their own (every query is scoped to it with
// `company_id eq`, so the workspace's other records never match), and the query call itself.
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { OperationParameters } from '../../operation-call.ts';
import type { components } from '../../../src/spec/generated/crm.d.ts';
import { createCompany } from '../../kits/lead-kit.ts';

export type Scoped = { company: { id: string }; word: string; leads: any[] };

/** A word of letters unique to the run and the check. */
export function runWord(context: CheckContext, label: string): string {
  return `${label}${context.runId.replace(/[^a-z]/g, '')}zq`;
}

/** Leads made from `bodies` (named with the run id and `word`), all of one new company. */
export async function scopedLeads(context: CheckContext, label: string, bodies: Record<string, unknown>[]): Promise<Scoped> {
  const word = runWord(context, label);
  const company = await createCompany(context, `${word}company`);
  const leads = [];
  for (const body of bodies)
    leads.push(
      await context.createLead({ company_id: company.id, ...body, name: `conformance ${context.runId} ${word} ${body.name ?? ''}`.trim() }),
    );
  return { company, word, leads };
}

export function scope(scoped: Scoped) {
  return { field: 'company_id', op: 'eq', value: scoped.company.id };
}

/** A query body as the document types it. */
export type QueryBody = NonNullable<OperationParameters<'runQuery'>['body']>;
/** A group of conditions as the document types it. */
export type QueryGroup = components['schemas']['QueryGroup'];
/** The record types a query is of. */
export type QueryEntity = components['schemas']['QueryEntity'];

export function query(context: CheckContext, body: QueryBody, entity: QueryEntity = 'leads', key?: string): Promise<Exchange> {
  return context.client.call('runQuery', { path: { entity }, body, ...(key ? { key } : {}) });
}

/** The ids a query answered, sorted, or a problem when it did not answer 200. */
export function matched(answer: Exchange): string[] | string {
  if (answer.status !== 200 || !Array.isArray(answer.json?.data)) return `answered ${answer.status} ${answer.json?.error?.code ?? ''}`;
  return answer.json.data.map((record: { id: string }) => record.id).sort();
}
