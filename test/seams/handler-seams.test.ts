// The handler seams the core owns (seams/handler-seams.ts): a seam changes the input a CRM
// operation's handler is given, runs around the handler inside the request's transaction (so
// that a failed request keeps none of what it wrote; a public operation's too, in the workspace
// its request names, http/handler.ts), and never touches the control API.
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

  it("a public operation that names a workspace runs, seams included, in that workspace's transaction", async () => {
    const app = await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/apps`, {
      key: null,
      body: { name: 'Seam app', redirect_uri: 'https://app.example/callback', scopes: ['leads:read'] },
    });
    expect(app.status).toBe(201);
    const workspace = setup.mock.state.workspaces.get(setup.workspaceId)!;
    const seen: unknown[] = [];
    let refuse = true;
    setup.mock.state.handlerSeams.add({
      async around(next, context) {
        if (context.operation.id !== 'authorize') return next();
        seen.push(context.workspace?.id, workspace.transactions.current !== undefined);
        const result = await next();
        if (refuse) throw new ApiError('not_found');
        return result;
      },
    });
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.body.client_id,
      redirect_uri: 'https://app.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'seam',
    });
    const visit = () =>
      setup.mock.handle(new Request(`http://127.0.0.1:4010/oauth/authorize?${query}`, { headers: { accept: 'text/html' } }));
    expect((await visit()).status).toBe(404);
    expect(seen).toEqual([setup.workspaceId, true]);
    // The consent request the handler opened went with the refused request's transaction; an answered visit keeps its own.
    expect([...workspace.tables.oauthConsentRequests.newestFirst()]).toEqual([]);
    refuse = false;
    expect((await visit()).status).toBe(200);
    expect([...workspace.tables.oauthConsentRequests.newestFirst()]).toHaveLength(1);
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
