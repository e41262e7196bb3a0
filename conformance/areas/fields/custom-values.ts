// Spec 2.11 (with 2.1 and 8): the value of each custom field type inside a contact's `custom`.
// Each type is written alone by PATCH, so that each rule is judged by its own exchange: a good
// value is kept in the JSON form of the value table (money's currency defaulting to UZS, datetimes
// stored in UTC, phones normalized like contact phones, emails lowercased), and a bad one answers
// 422 (a select refuses an option id of another field; a rating refuses 6 and 0, its bounds being 1 to 5)
// (spec 2.11 names validation_failed for a bad value, so a value of the wrong JSON type inside
// `custom` is one too, not the 400 bad_json of spec 2.1). Then: every bad value and an unknown key
// are reported under `custom.<key>`; only the keys sent change; `null` clears; a required field
// cannot be cleared; a multiselect takes 100 values and refuses 101 (judged only with a field of
// 101 options or more, which the mock's field of the run has: repeated ids would not do, since a
// service may collapse duplicates).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { contactFields, VALUE_TYPES, type ContactFields, type Field, type ValueType } from './custom-fields-kit.ts';
import { createContact, randomSubscriber, validationProblem } from '../../kits/records-kit.ts';
import { sameJson } from '../../same-json.ts';

/** `alsoBad`: more values the type refuses, each judged like `bad` (a boundary, another field's option). */
type Case = { good: unknown; bad: unknown; alsoBad?: unknown[]; stored(value: any): string | undefined };

export const customValues: ActiveCheck = {
  kind: 'active',
  id: 'fields.custom-values',
  area: 'fields',
  title:
    'custom values of every field type are kept in their JSON form, bad values and unknown keys answer validation_failed under custom.<key>',
  spec: '2.11, 2.1, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const fields = await contactFields(context);
    // A required field is given a value at create: whether a service asks for it then is not shown.
    const requiredValue = fields.required && caseOf(fields.required.type, fields.required, fields.memberId)?.good;
    const contact = (
      await createContact(
        context,
        requiredValue === undefined ? {} : { name: `conformance ${context.runId}`, custom: { [fields.required!.key]: requiredValue } },
      )
    ).json;
    const patch = (custom: Record<string, unknown>) => context.client.call('updateContact', { path: { id: contact.id }, body: { custom } });
    const badAnswers: { key: string; answer: Exchange }[] = [];
    for (const [type, field] of fields.byType) {
      const valueCase = caseOf(type, field, fields.memberId, foreignOptionOf(field, fields.byType));
      if (!valueCase) continue;
      const kept = await patch({ [field.key]: valueCase.good });
      const keptProblem =
        kept.status !== 200 ? `${JSON.stringify(valueCase.good)} answered ${kept.status}` : valueCase.stored(kept.json.custom?.[field.key]);
      const refused = await patch({ [field.key]: valueCase.bad });
      badAnswers.push({ key: field.key, answer: refused });
      let refusedProblem =
        refused.status === 422 ? undefined : `the bad value ${JSON.stringify(valueCase.bad)} answered ${refused.status}, not 422`;
      let refusal = refused;
      for (const bad of refusedProblem ? [] : (valueCase.alsoBad ?? [])) {
        const answer = await patch({ [field.key]: bad });
        if (answer.status !== 422)
          [refusedProblem, refusal] = [`the bad value ${JSON.stringify(bad)} answered ${answer.status}, not 422`, answer];
        if (refusedProblem) break;
      }
      context.judge(`fields.value-${type.replace('_', '-')}`, keptProblem ?? refusedProblem, keptProblem ? kept : refusal);
      if (type === 'money') await judgeMoneyDefault(context, patch, field);
      if (type === 'datetime')
        context.judge('fields.datetime-utc', keptProblem ? undefined : utcProblem(kept.json.custom?.[field.key]), kept);
      if (type === 'multiselect') await judgeMultiselectLimit(context, patch, field);
    }
    skipTypesMissing(context, fields);
    const read = await context.client.call('getContact', { path: { id: contact.id } });
    const custom = read.json?.custom;
    if (fields.byType.size)
      context.judge(
        'contacts.custom-values',
        read.status === 200 && typeof custom === 'object' && custom !== null && !Array.isArray(custom) && Object.keys(custom).length > 0
          ? undefined
          : `the contact's custom reads ${JSON.stringify(custom)} after values were set`,
        read,
      );
    const unknownKey = `conf_unknown_${randomSubscriber()}`;
    const unknown = await patch({ [unknownKey]: 'x' });
    context.judge('fields.unknown-key-error', validationProblem(unknown, `custom.${unknownKey}`), unknown);
    const misplaced = badAnswers.find(({ key, answer }) => validationProblem(answer, `custom.${key}`));
    context.judge(
      'fields.bad-value-error',
      misplaced && validationProblem(misplaced.answer, `custom.${misplaced.key}`),
      misplaced?.answer ?? badAnswers[0]?.answer,
    );
    await judgeChangesAndClearing(context, patch, fields.byType.get('text'), fields.byType.get('number'));
    if (fields.required) await judgeRequired(context, patch, fields.required, fields.memberId);
  },
};

/** The rules of a value type the workspace has no usable contact field of (a deployment's fields are made in its web app). */
const RULES_OF_TYPE: Partial<Record<ValueType, string[]>> = {
  money: ['fields.money-currency-default'],
  datetime: ['fields.datetime-utc'],
  multiselect: ['fields.multiselect-limit'],
};

function skipTypesMissing(context: CheckContext, fields: ContactFields): void {
  for (const type of VALUE_TYPES) {
    const field = fields.byType.get(type);
    if (field && caseOf(type, field, fields.memberId)) continue;
    const why = field
      ? `the workspace's ${type} contact field ${field.key} has too few options, or no member is active`
      : `the workspace has no optional contact field of type ${type}`;
    const rules = [`fields.value-${type.replace('_', '-')}`, ...(RULES_OF_TYPE[type] ?? [])];
    for (const rule of rules) context.skipRule(rule, `${why} (fields are made in the web app)`);
  }
  const multiselect = fields.byType.get('multiselect');
  if (multiselect && multiselect.options.length < 101) {
    const options = multiselect.options.length;
    context.skipRule('fields.multiselect-limit', `the multiselect contact field ${multiselect.key} has ${options} options, not 101`);
  }
  if (!fields.required) {
    for (const rule of ['fields.required-not-clearable', 'fields.required-not-clearable-answer'])
      context.skipRule(rule, 'the workspace has no required contact field (web app)');
  }
}

/** An option id of another field of the workspace, which `field` (a select) does not have. */
function foreignOptionOf(field: Field, byType: Map<ValueType, Field>): string | undefined {
  if (field.type !== 'select') return undefined;
  const own = new Set(field.options.map((option) => option.id));
  return [...byType.values()].flatMap((other) => (other.id === field.id ? [] : (other.options ?? []))).find((option) => !own.has(option.id))
    ?.id;
}

function caseOf(type: ValueType, field: Field, memberId: string | undefined, foreignOption?: string): Case | undefined {
  const equal = (expected: unknown) => (value: unknown) =>
    sameJson(value, expected) ? undefined : `stored ${JSON.stringify(value)}, not ${JSON.stringify(expected)}`;
  const digits = randomSubscriber();
  const [first, second] = field.options ?? [];
  switch (type) {
    case 'text':
      return { good: 'Conformance text', bad: 42, stored: equal('Conformance text') };
    case 'long_text':
      return { good: 'line one\nline two', bad: ['line'], stored: equal('line one\nline two') };
    case 'number':
      return { good: 12.5, bad: '12.5', stored: equal(12.5) };
    case 'money':
      return {
        good: { amount: 150_000, currency: 'USD' },
        bad: { amount: 1.5, currency: 'USD' },
        stored: equal({ amount: 150_000, currency: 'USD' }),
      };
    case 'date':
      return { good: '2026-03-08', bad: '08.03.2026', stored: equal('2026-03-08') };
    case 'datetime':
      return {
        good: '2026-03-08T14:30:00.000+05:00',
        bad: '2026-03-08T14:30:00',
        stored: (value) =>
          Date.parse(value) === Date.parse('2026-03-08T09:30:00Z') ? undefined : `stored ${JSON.stringify(value)}, not the same instant`,
      };
    case 'select':
      return first
        ? { good: first.id, bad: 'conf_no_such_option', alsoBad: foreignOption ? [foreignOption] : [], stored: equal(first.id) }
        : undefined;
    case 'multiselect':
      return first && second
        ? {
            good: [first.id, second.id],
            bad: ['conf_no_such_option'],
            stored: (value) => equal([first.id, second.id].sort())(Array.isArray(value) ? [...value].sort() : value),
          }
        : undefined;
    case 'checkbox':
      return { good: true, bad: 'yes', stored: equal(true) };
    case 'phone':
      return {
        good: `90 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
        bad: 'call me later',
        stored: equal(`+99890${digits}`),
      };
    case 'email':
      return { good: `Conf.${digits}@Example.COM`, bad: 'not an email', stored: equal(`conf.${digits}@example.com`) };
    case 'url':
      return { good: 'https://example.com/conformance', bad: 'not a url', stored: equal('https://example.com/conformance') };
    case 'member':
      return memberId ? { good: memberId, bad: `mb_${'0'.repeat(26)}`, stored: equal(memberId) } : undefined;
    case 'rating':
      return { good: 4, bad: 6, alsoBad: [0], stored: equal(4) };
  }
}

type Patch = (custom: Record<string, unknown>) => Promise<Exchange>;

async function judgeMoneyDefault(context: CheckContext, patch: Patch, field: Field): Promise<void> {
  const answer = await patch({ [field.key]: { amount: 99_900 } });
  const value = answer.json?.custom?.[field.key];
  context.judge(
    'fields.money-currency-default',
    answer.status === 200 && value?.amount === 99_900 && value?.currency === 'UZS'
      ? undefined
      : `money without currency answered ${answer.status} and stored ${JSON.stringify(value)}, not currency UZS`,
    answer,
  );
}

function utcProblem(value: unknown): string | undefined {
  return typeof value === 'string' && /(Z|[+-]00:00)$/.test(value)
    ? undefined
    : `a datetime sent at +05:00 is stored as ${JSON.stringify(value)}, not in UTC`;
}

async function judgeMultiselectLimit(context: CheckContext, patch: Patch, field: Field): Promise<void> {
  const ids = field.options.map((option) => option.id);
  if (ids.length < 101) return;
  const hundred = await patch({ [field.key]: ids.slice(0, 100) });
  if (hundred.status !== 200) return context.judge('fields.multiselect-limit', `100 values answered ${hundred.status}, not 200`, hundred);
  const answer = await patch({ [field.key]: ids.slice(0, 101) });
  context.judge('fields.multiselect-limit', validationProblem(answer, `custom.${field.key}`), answer);
}

async function judgeChangesAndClearing(
  context: CheckContext,
  patch: Patch,
  text: Field | undefined,
  number: Field | undefined,
): Promise<void> {
  if (!text || !number) return;
  await patch({ [text.key]: 'before', [number.key]: 7 });
  const onlyText = await patch({ [text.key]: 'after' });
  const custom = onlyText.json?.custom ?? {};
  const onlySent =
    onlyText.status === 200 && custom[text.key] === 'after' && custom[number.key] === 7
      ? undefined
      : `after a PATCH of ${text.key} alone, custom is ${JSON.stringify(custom)}: ${number.key} is no longer 7`;
  context.judge('fields.only-sent-keys-change', onlySent, onlyText);
  context.judge('conventions.patch-custom-keys', onlySent, onlyText);
  const cleared = await patch({ [number.key]: null });
  const after = cleared.json?.custom ?? {};
  context.judge(
    'fields.null-clears',
    cleared.status === 200 && (after[number.key] === undefined || after[number.key] === null) && after[text.key] === 'after'
      ? undefined
      : `after ${number.key}: null, custom is ${JSON.stringify(after)}`,
    cleared,
  );
}

async function judgeRequired(context: CheckContext, patch: Patch, field: Field, memberId: string | undefined): Promise<void> {
  const value = caseOf(field.type, field, memberId)?.good;
  if (value === undefined) return;
  const set = await patch({ [field.key]: value });
  if (set.status !== 200)
    return context.judge('fields.required-not-clearable', `setting the required field ${field.key} answered ${set.status}`, set);
  // Spec 2.11 states the refusal; its answer (crmkit's 422 validation_failed under custom.<key>) is a reading.
  const cleared = await patch({ [field.key]: null });
  const taken = cleared.status < 400 && `null for the required field ${field.key} answered ${cleared.status}, not a refusal`;
  context.judge('fields.required-not-clearable', taken, cleared);
  if (!taken) context.judge('fields.required-not-clearable-answer', validationProblem(cleared, `custom.${field.key}`), cleared);
  else context.skipRule('fields.required-not-clearable-answer', 'the clearing null was not refused');
}
