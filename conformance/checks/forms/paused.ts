import type { ActiveCheck } from '../../check.ts';
import { expectRefusal, loadForm, submitForm } from '../../form-kit.ts';
import { controlCall } from '../../mock-control.ts';

export const paused: ActiveCheck = {
  kind: 'active',
  id: 'forms.paused',
  family: 'forms',
  title: 'a paused form answers 404 form_unavailable, both to loading its configuration and to a submission',
  spec: '4.12, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const mock = context.target.mock;
    // A deployment's forms are paused in its web app, which the interface does not reach.
    if (!mock) return context.skip('a form cannot be paused through the interface; checked against a crmkit mock, which makes a paused form');
    // The control API has no route to change a form: it is made paused from the start.
    const form = await controlCall(context, 'POST', `/_mock/workspaces/${mock.workspaceId}/forms`, { name: `conformance ${context.runId} paused`, status: 'paused', min_ms: 0 });
    const loaded = await loadForm(context, form.id);
    expectRefusal(context, loaded, 404, 'form_unavailable', 'loading the configuration of a paused form');
    // Whatever the body: a paused form takes nothing (a token loaded before the pause included, which no check can make).
    const sent = await submitForm(context, form.id, { token: 'conformance', answers: { name: `conformance ${context.runId}`, phone: '+998901234567' }, consent: true });
    expectRefusal(context, sent, 404, 'form_unavailable', 'a submission to a paused form');
  },
};
