// Spec 7.1: error.message is for people, in the language of Accept-Language (`en` by default, `ru`,
// `uz`); codes and field names do not change with the language. The same refused request (an
// unknown field, so that `fields` is there to compare) is sent without Accept-Language and with
// each language. The words of a message may change, so the check compares scripts and sameness:
// English is what no header gives, Russian is in Cyrillic, Uzbek differs from both. Refusals of
// other codes in Russian show that every message follows the language, not only one; refusals
// whose message is worded for the case (a detail) are held to Russian and Uzbek too, for a detail
// in English must not stand in for the language asked (a body not one object, a note edited with
// a key, a form's 413).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';

const CYRILLIC = /[\u0400-\u04FF]/;

export const errorLanguage: ActiveCheck = {
  kind: 'active',
  id: 'errors.error-language',
  area: 'errors',
  title:
    'error messages follow Accept-Language (en by default, ru, uz), details included, while the code and the names in fields stay the same',
  spec: '7.1',
  basis: 'documented',
  writes: false,
  async run(context) {
    const plain = await refused(context, undefined);
    const english = await refused(context, 'en');
    const russian = await refused(context, 'ru');
    const uzbek = await refused(context, 'uz');
    const answers = [plain, english, russian, uzbek];
    if (answers.some((answer) => answer.status === 201))
      context.fail(
        'a lead with an unknown field was created',
        answers.find((answer) => answer.status === 201),
      );
    const message = (answer: Exchange): string => String(answer.json?.error?.message ?? '');
    context.judge(
      'errors.message-english-default',
      message(plain) !== message(english)
        ? `without Accept-Language the message is "${message(plain)}", with en "${message(english)}"`
        : CYRILLIC.test(message(plain))
          ? `the default message "${message(plain)}" is in Cyrillic`
          : undefined,
      plain,
    );
    context.judge(
      'errors.message-russian',
      !CYRILLIC.test(message(russian)) ? `with Accept-Language ru the message is "${message(russian)}", not in Cyrillic` : undefined,
      russian,
    );
    // Refusals of other kinds are in the language too: before the body is read (one JSON object is
    // expected), an unknown id, and a first-party-only route refusing the key (spec 5.1).
    const others = [
      // send: one JSON array where an object is expected is a raw body the document refuses.
      await context.client.send('POST', '/v1/leads', {
        rawBody: '[1]',
        headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      }),
      await context.client.call('getLead', { path: { id: `ld_${'0'.repeat(26)}` }, headers: { 'accept-language': 'ru' } }),
      await context.client.call('createTeam', {
        body: { name: `conformance ${context.runId}` },
        headers: { 'accept-language': 'ru' },
      }),
    ];
    for (const answer of others) {
      // A team write let through with a key breaks the first-party rule (spec 5.1), judged by its own checks: here there is no refusal to read.
      if (answer.status === 201 && answer.json?.id)
        context.cleanup(() => context.client.call('deleteTeam', { path: { id: answer.json.id } }));
      const what = `${answer.request.method} ${new URL(answer.request.url).pathname}`;
      context.judge(
        'errors.message-russian',
        answer.status >= 400 && !CYRILLIC.test(message(answer))
          ? `${what} is refused (${answer.json?.error?.code}) in Accept-Language ru with "${message(answer)}"`
          : undefined,
        answer,
      );
    }
    // Accept-Language carries language ranges (RFC 9110 12.5.4): a tag with a region, as browsers
    // send it, names its language, so ru-RU gets the message ru gets.
    const regional = await refused(context, 'ru-RU,ru;q=0.9,en;q=0.8');
    context.judge(
      'errors.message-language-range',
      message(regional) !== message(russian)
        ? `with Accept-Language ru-RU,ru;q=0.9,en;q=0.8 the message is "${message(regional)}", with ru "${message(russian)}"`
        : undefined,
      regional,
    );
    // The weights choose, not the order: a first range of lower weight than a later one is not the language.
    const weighted = await refused(context, 'en;q=0.1, ru;q=0.9');
    context.judge(
      'errors.message-language-range',
      message(weighted) !== message(russian)
        ? `with Accept-Language en;q=0.1, ru;q=0.9 the message is "${message(weighted)}", with ru "${message(russian)}"`
        : undefined,
      weighted,
    );
    const uzbekProblem =
      message(uzbek) === message(english)
        ? `with Accept-Language uz the message is the English one, "${message(uzbek)}"`
        : message(uzbek) === message(russian)
          ? `with Accept-Language uz the message is the Russian one, "${message(uzbek)}"`
          : undefined;
    context.judge('errors.message-uzbek', uzbekProblem, uzbek);
    // Refusals whose message says more than the code (a detail the refusing code words itself) are in
    // the language too: each is sent in en, ru and uz, and ru must be Cyrillic, uz neither Cyrillic nor the English text.
    for (const send of await detailedRefusals(context)) {
      const [en, ru, uz] = [await send('en'), await send('ru'), await send('uz')];
      const what = `${ru.request.method} ${new URL(ru.request.url).pathname} (${ru.json?.error?.code ?? ru.status})`;
      context.judge(
        'errors.message-russian',
        ru.status >= 400 && !CYRILLIC.test(message(ru)) ? `${what} in Accept-Language ru says "${message(ru)}"` : undefined,
        ru,
      );
      context.judge(
        'errors.message-uzbek',
        uz.status >= 400 && (CYRILLIC.test(message(uz)) || message(uz) === message(en))
          ? `${what} in Accept-Language uz says "${message(uz)}", as in ${CYRILLIC.test(message(uz)) ? 'Russian' : 'English'}`
          : undefined,
        uz,
      );
    }
    for (const answer of answers.slice(1)) {
      const language = answer.request.headers['accept-language'];
      const code = answer.json?.error?.code;
      context.judge(
        'errors.codes-unchanged-by-language',
        code !== plain.json?.error?.code
          ? `with Accept-Language ${language} the code is ${code}, without it ${plain.json?.error?.code}`
          : undefined,
        answer,
      );
      const names = Object.keys(answer.json?.error?.fields ?? {})
        .sort()
        .join(', ');
      const plainNames = Object.keys(plain.json?.error?.fields ?? {})
        .sort()
        .join(', ');
      context.judge(
        'errors.field-names-unchanged-by-language',
        names !== plainNames || !names
          ? `with Accept-Language ${language} fields names ${names || 'nothing'}, without it ${plainNames || 'nothing'}`
          : undefined,
        answer,
      );
    }
  },
};

type Send = (language: string) => Promise<Exchange>;

/**
 * Requests refused with a message of their own: a body that is not one JSON object; a note edited
 * with an API key (403 edit_window_closed: only its author, a member, edits it), when the run may
 * write; a form submission over the form's 32 KB (413 on the form route), when there is a form.
 */
async function detailedRefusals(context: CheckContext): Promise<Send[]> {
  const header = (language: string) => ({ 'accept-language': language });
  // send where a raw body (one array, an oversized form) or an unknown field is the refusal on purpose.
  const sends: Send[] = [
    (language) =>
      context.client.send('POST', '/v1/leads', { rawBody: '[1]', headers: { 'content-type': 'application/json', ...header(language) } }),
  ];
  if (!context.target.readOnly) {
    const lead = await context.createLead();
    const note = await context.client.call('createNote', {
      body: { entity_type: 'lead', entity_id: lead.id, text: `conformance ${context.runId}` },
    });
    if (note.status === 201)
      sends.push((language) =>
        context.client.call('updateNote', { path: { id: note.json.id }, body: { text: 'edited with a key' }, headers: header(language) }),
      );
  }
  const formId = context.target.formId;
  if (formId) {
    const oversized = JSON.stringify({ answers: { text: 'x'.repeat(40 * 1024) } });
    sends.push((language) =>
      context.client.send('POST', `/api/forms/${formId}/submit`, {
        key: null,
        origin: 'workspace',
        rawBody: oversized,
        headers: { 'content-type': 'application/json', ...header(language) },
      }),
    );
  }
  return sends;
}

/** A create with an unknown field, which every deployment refuses before doing anything. */
function refused(context: CheckContext, language: string | undefined): Promise<Exchange> {
  // send, not call: an unknown field is a body off createLead's type, on purpose.
  return context.client.send('POST', '/v1/leads', {
    body: { name: `conformance ${context.runId}`, conformance_unknown_field: 1 },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
}
