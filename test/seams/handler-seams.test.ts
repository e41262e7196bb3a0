// The handler seams the core owns (seams/handler-seams.ts): a seam changes the input a CRM
// operation's handler is given, runs around the handler inside the request's transaction (so
// that a failed request keeps none of what it wrote), and never touches the control API.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.ts';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeEach(async () => {
  setup = await setUpMock();
});

const leadNames = async () => (await call(setup.mock, 'GET', '/v1/leads', { key: setup.key })).body.data.map((lead: any) => lead.name);

describe('handler seams', () => {
  it('an input seam changes what the handler is given, on the operations it picks', async () => {
    setup.mock.state.handlerSeams.add({
      input: (input, context) =>
        context.operation.id === 'createLead' ? { ...input, body: { ...(input.body as object), name: 'Renamed by the seam' } } : input,
    });
    const created = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'As sent' } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Renamed by the seam');
  });

  it('a seam around the handler runs inside the transaction: a refused request keeps nothing', async () => {
    setup.mock.state.handlerSeams.add({
      async around(next, context) {
        const result = await next();
        if (context.operation.id === 'createLead') throw new ApiError('validation_failed', { fields: { name: 'refused after the write' } });
        return result;
      },
    });
    const refused = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Never kept' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(await leadNames()).not.toContain('Never kept');
  });

  it('the seams run in the order added, a later one outside an earlier one', async () => {
    const order: string[] = [];
    for (const name of ['first', 'second']) {
      setup.mock.state.handlerSeams.add({
        async around(next) {
          order.push(`${name} in`);
          const result = await next();
          order.push(`${name} out`);
          return result;
        },
      });
    }
    await call(setup.mock, 'GET', '/v1/leads', { key: setup.key });
    expect(order).toEqual(['second in', 'first in', 'first out', 'second out']);
  });

  it('the control API passes no seam', async () => {
    const seen: string[] = [];
    setup.mock.state.handlerSeams.add({ input: (input, context) => (seen.push(context.operation.id), input) });
    const workspaces = await call(setup.mock, 'GET', '/_mock/workspaces', { key: null });
    expect(workspaces.status).toBe(200);
    expect(seen).toEqual([]);
  });
});
