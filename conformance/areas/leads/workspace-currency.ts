// Spec 2.1, 2.3, 4.2: a lead created without currency has the workspace currency. A deployment's
// workspace currency is not readable through the interface, so this needs a mock: the control API
// makes a workspace whose currency is EUR (not the mock's default UZS), and a lead is created there.
import type { ActiveCheck } from '../../check.ts';
import { controlCall } from '../../mock-control.ts';

export const workspaceCurrency: ActiveCheck = {
  kind: 'active',
  id: 'leads.workspace-currency',
  area: 'leads',
  title: 'a lead created without currency has the workspace currency (a mock workspace in EUR)',
  spec: '2.1, 2.3, 4.2',
  basis: 'documented',
  writes: true,
  async run(context) {
    const workspace = await controlCall(context, 'POST', '/_mock/workspaces', {
      currency: 'EUR',
      name: `conformance ${context.runId} EUR`,
    });
    const created = await context.client.call('createLead', { key: workspace.api_key, body: { name: `conformance ${context.runId}` } });
    context.expectStatus(created, 201);
    if (created.json.currency !== 'EUR')
      context.fail(
        `a lead of a workspace in EUR created without currency has ${created.json.currency}`,
        created,
        'leads.create-currency-default',
      );
    const priced = await context.client.call('createLead', {
      key: workspace.api_key,
      body: { name: `conformance ${context.runId}`, currency: 'USD' },
    });
    context.expectStatus(priced, 201);
    if (priced.json.currency !== 'USD')
      context.fail(`a lead created with currency USD has ${priced.json.currency}`, priced, 'leads.create-currency-default');
  },
};
