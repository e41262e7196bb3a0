// A load of concurrent writes of several kinds on a `crmkit mock --state` process (creates,
// renames and deletions of leads, contacts, companies, and control API changes: clock moves and
// new API keys), remembering each write that was answered and each still waiting for its answer,
// so that a test can stop the process mid-load and check, after a restart, what survived.
import type { StateMock } from './state-mock-process.ts';

export type LeadSeen = { number: number; name: string; worker: number };

export type LoadRecord = {
  /** Writes whose whole answer (2xx) came back. */
  answered: number;
  leads: Map<string, LeadSeen>;
  contacts: Set<string>;
  companies: Set<string>;
  /** Leads whose deletion was answered. */
  deleted: Set<string>;
  /** Renames of a lead that were answered. */
  renamed: number;
  apiKeys: string[];
  /** The clock's time each answered move gave, latest last. */
  clockTimes: string[];
  /** Writes sent and not answered when the load stopped: their effect may or may not be there. */
  inFlight: { creates: number; renames: Map<string, string>; deletions: Set<string> };
  /** Answers other than 2xx: the load itself is wrong if any. */
  refused: string[];
};

type Request = { method: string; path: string; body?: unknown };

/** Runs `workers` loops of writes until `stop(record)` says so; `stop` sees each answer as it comes. */
export async function runLoad(mock: StateMock, workers: number, stop: (record: LoadRecord) => boolean): Promise<LoadRecord> {
  const record: LoadRecord = {
    answered: 0,
    leads: new Map(),
    contacts: new Set(),
    companies: new Set(),
    deleted: new Set(),
    renamed: 0,
    apiKeys: [],
    clockTimes: [],
    inFlight: { creates: 0, renames: new Map(), deletions: new Set() },
    refused: [],
  };
  let stopped = false;
  const send = async ({ method, path, body }: Request): Promise<any> => {
    const control = path.startsWith('/_mock/');
    const response = await fetch(`${mock.url}${path}`, {
      method,
      headers: { ...(control ? {} : { Authorization: `Bearer ${mock.key}` }), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.status >= 300) record.refused.push(`${method} ${path}: ${response.status} ${answer?.error?.code}`);
    return answer;
  };
  const worker = async (index: number) => {
    // Each worker starts at another kind of write, so that every kind runs beside the others.
    for (let step = index; !stopped; step++) {
      const own = [...record.leads].filter(
        ([id, lead]) => lead.worker === index && !record.deleted.has(id) && !record.inFlight.deletions.has(id),
      );
      const kind = step % 7;
      try {
        if (kind <= 1 || own.length < 2) {
          record.inFlight.creates++;
          const name = `w${index}-${step}`;
          const lead = await send({ method: 'POST', path: '/v1/leads', body: { name } });
          record.inFlight.creates--;
          record.leads.set(lead.id, { number: lead.number, name: lead.name, worker: index });
        } else if (kind === 2) {
          record.inFlight.creates++;
          const contact = await send({ method: 'POST', path: '/v1/contacts', body: { name: `Contact ${index}-${step}` } });
          record.inFlight.creates--;
          record.contacts.add(contact.id);
        } else if (kind === 3) {
          const [id] = own.at(-1)!;
          const name = `w${index}-${step}-renamed`;
          record.inFlight.renames.set(id, name);
          const lead = await send({ method: 'PATCH', path: `/v1/leads/${id}`, body: { name } });
          record.inFlight.renames.delete(id);
          record.leads.get(id)!.name = lead.name;
          record.renamed++;
        } else if (kind === 4) {
          const [id] = own[0]!;
          record.inFlight.deletions.add(id);
          await send({ method: 'DELETE', path: `/v1/leads/${id}` });
          record.inFlight.deletions.delete(id);
          record.deleted.add(id);
        } else if (kind === 5) {
          record.inFlight.creates++;
          const company = await send({ method: 'POST', path: '/v1/companies', body: { name: `Company ${index}-${step}` } });
          record.inFlight.creates--;
          record.companies.add(company.id);
        } else if (index % 2 === 0) {
          const clock = await send({ method: 'POST', path: `/_mock/workspaces/${mock.workspaceId}/clock`, body: { advance_seconds: 61 } });
          record.clockTimes.push(clock.now);
        } else {
          const apiKey = await send({
            method: 'POST',
            path: `/_mock/workspaces/${mock.workspaceId}/api-keys`,
            body: { name: `Key ${index}-${step}`, scopes: ['leads:read'] },
          });
          record.apiKeys.push(apiKey.key);
        }
      } catch {
        // The process is gone: this write's answer never came (it stays in inFlight).
        return;
      }
      record.answered++;
      if (!stopped && stop(record)) stopped = true;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  return record;
}
