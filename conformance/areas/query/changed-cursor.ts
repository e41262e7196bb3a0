import type { ActiveCheck } from '../../check.ts';
import { requestLine } from '../../operation-call.ts';
import { addRecord, PAGED_LISTS } from './lists.ts';

export const changedCursor: ActiveCheck = {
  kind: 'active',
  id: 'query.changed-cursor',
  area: 'query',
  title: 'on every list a changed cursor answers invalid_cursor (or validation_failed)',
  spec: '9, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    for (const list of PAGED_LISTS) {
      for (let i = 0; i < 3; i++) await addRecord(context, list);
      const page = await context.client.call(list.list, { query: { limit: 1 } });
      const cursor: string =
        page.json.next_cursor ?? context.fail(`${list.name}: a first page of 1 with 3 records has no next_cursor`, page);
      const middle = cursor.length >> 1;
      const changed = cursor.slice(0, middle) + (cursor[middle] === 'A' ? 'B' : 'A') + cursor.slice(middle + 1);
      // send, not call: a cursor changed by the suite, where the document asks for one passed back exactly, on purpose.
      const answer = await context.client.send('GET', `${requestLine(list.list, {}).path}?limit=1&cursor=${encodeURIComponent(changed)}`);
      context.expectStatus(answer, 400, 422);
      if (!['invalid_cursor', 'validation_failed'].includes(answer.json?.error?.code))
        context.fail(`${list.name}: expected invalid_cursor, got ${answer.json?.error?.code}`, answer);
    }
  },
};
