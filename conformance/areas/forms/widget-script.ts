// Spec 4.12: `{workspace_url}/widget.js` is the embeddable script, "cached for five minutes", and
// `/widget.js?v=<version>` is immutable. The plain address must stay short-lived (a fix reaches
// every page within five minutes); a versioned one never changes, so a page may cache it for good.
// The current version is read from the hosted page's script tag (the spec does not say how a
// page learns it); without a form or a version there, only the five minutes are judged.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';

/** The `max-age` of a Cache-Control header, in seconds, or undefined. */
const maxAgeOf = (cacheControl: string | undefined) => {
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
};
const isImmutable = (cacheControl: string | undefined) => /(?:^|,)\s*immutable\s*(?:,|$)/i.test(cacheControl ?? '');

export const widgetScript: ActiveCheck = {
  kind: 'active',
  id: 'forms.widget-script',
  area: 'forms',
  title: '/widget.js is JavaScript cached for five minutes; /widget.js?v=<version> is immutable',
  spec: '4.12',
  basis: 'documented',
  writes: false,
  async run(context) {
    const plain = await context.client.call('getWidgetScript', { key: null, origin: 'workspace' });
    const type = plain.headers['content-type'] ?? '';
    context.judge(
      'forms.route-widget',
      (plain.status !== 200 || !/javascript|ecmascript/i.test(type)) &&
        `GET /widget.js answered ${plain.status} ${type}, not 200 with a script`,
      plain,
    );
    const cacheControl = plain.headers['cache-control'];
    context.judge(
      'forms.widget-cache-five-minutes',
      (maxAgeOf(cacheControl) !== 300 || isImmutable(cacheControl)) &&
        `GET /widget.js answered Cache-Control ${cacheControl ?? '(none)'}, not cached for five minutes (max-age=300)`,
      plain,
    );

    const version = await currentVersion(context);
    if (version === undefined)
      return context.skipRule(
        'forms.widget-version-immutable',
        "the current widget version is unknown: no --form-id, or the form's hosted page names no /widget.js?v=",
      );
    const versioned = await context.client.call('getWidgetScript', { query: { v: version }, key: null, origin: 'workspace' });
    const versionedCache = versioned.headers['cache-control'];
    context.judge(
      'forms.widget-version-immutable',
      (versioned.status !== 200 || !isImmutable(versionedCache)) &&
        `GET /widget.js?v=${version} answered ${versioned.status} with Cache-Control ${versionedCache ?? '(none)'}, not immutable`,
      versioned,
    );
  },
};

/** The version the hosted page of the form under test loads the widget with, if any. */
async function currentVersion(context: CheckContext): Promise<string | undefined> {
  const formId = context.target.formId;
  if (!formId) return undefined;
  const page: Exchange = await context.client.call('getHostedFormPage', {
    path: { form_id: formId },
    key: null,
    origin: 'workspace',
    headers: { accept: 'text/html' },
  });
  const match = /widget\.js\?v=([^"'&\s>]+)/.exec(page.text);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
