// Options of select and multiselect fields (spec 2.11 shows an option only by its id; the write
// shape is inferred in the document): the list sent replaces the options, an option sent with
// its id keeps that id (values holding it stay valid), one without gets a new id.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { localizedLabel } from './field-labels.ts';
import type { CustomFieldOption, CustomFieldType } from './field-record.ts';

type OptionInput = components['schemas']['CustomFieldOptionInput'];

const TYPES_WITH_OPTIONS: readonly CustomFieldType[] = ['select', 'multiselect'];
const OPTION_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The options a field of `type` keeps when `sent`; 422 under `options` when they cannot be. */
export function optionsFrom(type: CustomFieldType, sent: readonly OptionInput[]): CustomFieldOption[] {
  if (sent.length && !TYPES_WITH_OPTIONS.includes(type)) throw optionsProblem('only select and multiselect fields have options');
  const sentIds = sent.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  if (new Set(sentIds).size !== sentIds.length) throw optionsProblem('option ids must be unique');
  const taken = new Set(sentIds);
  return sent.map((option) => ({ id: option.id ?? newOptionId(taken), label: localizedLabel(option.label) }));
}

function newOptionId(taken: Set<string>): string {
  let id: string;
  do {
    const letters = [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => OPTION_ID_ALPHABET[byte % OPTION_ID_ALPHABET.length]);
    id = `opt_${letters.join('')}`;
  } while (taken.has(id));
  taken.add(id);
  return id;
}

function optionsProblem(problem: string): ApiError {
  return new ApiError('validation_failed', { fields: { options: problem } });
}
