// A deployment that recycles ids (spec 2.1: ids are never reused): the lead created after a delete
// is answered under the id of the lead deleted last, and a request naming that id reaches the new
// lead. The aliases are kept per mock (faultMemory); answers name each aliased lead by its reused id.
import type { Handle } from '../fault.ts';
import type { MockState } from '../../mock-state.ts';
import { faultMemory } from '../fault-memory.ts';
import { operationOf } from '../operation-of.ts';

type Aliases = { freed?: string; reused: Map<string, string> };

const replaced = (text: string, pairs: Iterable<[string, string]>) =>
  [...pairs].reduce((changed, [from, to]) => changed.replaceAll(from, to), text);

/** A raw wrap recycling the id of the lead deleted last for the next lead created. */
export function leadIdsReused(fault: string) {
  return (next: Handle, state: MockState): Handle =>
    async (request, info) => {
      const aliases = faultMemory<Aliases>(state, fault, () => ({ reused: new Map() }));
      const inward = [...aliases.reused];
      const body = request.body ? replaced(await request.text(), inward) : undefined;
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      const sent = new Request(replaced(request.url, inward), { method: request.method, headers, body });
      const routed = operationOf(state, sent);
      const answer = await next(sent, info);
      if (routed?.operationId === 'deleteLead' && answer.ok)
        aliases.freed = [...aliases.reused].find(([, inner]) => inner === routed.params.id)?.[0] ?? routed.params.id;
      if (!answer.headers.get('content-type')?.includes('json')) return answer;
      let text = await answer.text();
      const created = routed?.operationId === 'createLead' && answer.status === 201 ? (JSON.parse(text) as { id?: string }).id : undefined;
      if (created && aliases.freed) {
        aliases.reused.set(aliases.freed, created);
        aliases.freed = undefined;
      }
      text = replaced(
        text,
        [...aliases.reused].map(([outer, inner]) => [inner, outer] as [string, string]),
      );
      const answered = new Headers(answer.headers);
      answered.delete('content-length');
      return new Response(text, { status: answer.status, headers: answered });
    };
}
