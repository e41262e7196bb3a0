// The body of a form submission (the document's FormSubmission, spec 4.12 and 8), checked here
// rather than by the pipeline (`x-error-format: form`) so that its 422s speak the visitor's
// language and name form fields by id. The limits of spec 8 come first, each under the field
// it concerns: more than 40 answers, an answer over 5,000 characters (or 100 choices); then the
// document's schema for the rest, whose 400s (`unknown_field`, `bad_json`) stay as the API
// answers them everywhere, and whose other problems become the visitor's "not valid".
import { ApiError } from '../../errors/api-error.ts';
import type { Language } from '../../errors/messages.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { validateBody } from '../../http/request-validation.ts';
import { loadRuntimeDocument } from '../../spec/runtime-document.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { schemaLimit } from '../../spec/schema-enum.ts';
import { formInvalid, throwIfAny, type FieldProblems } from './form-problems.ts';

export type SubmissionBody = components['schemas']['FormSubmission'];
export type Answer = SubmissionBody['answers'][string];

/** Spec 8's limits on answers, as the document's FormAnswers and FormAnswer declare them. */
export const ANSWER_LIMITS = answerLimits();

function answerLimits(): { answers: number; characters: number; choices: number } {
  const document = loadRuntimeDocument('crm');
  const branches =
    ((document.components?.schemas?.FormAnswer ?? {}) as { oneOf?: { type?: string; maxLength?: number; maxItems?: number }[] }).oneOf ??
    [];
  const text = branches.find((branch) => branch.type === 'string')?.maxLength;
  const list = branches.find((branch) => branch.type === 'array')?.maxItems;
  if (text === undefined || list === undefined) throw new Error('FormAnswer declares no text or list limit');
  return { answers: schemaLimit(document, 'FormAnswers', 'maxProperties'), characters: text, choices: list };
}

export function readSubmission(context: HandlerContext, language: Language): SubmissionBody {
  const body = context.input.body;
  const answers = (body as { answers?: unknown } | undefined)?.answers;
  if (isPlainObject(answers)) throwIfAny(limitProblems(answers), language);
  try {
    return validateBody(context.operation, body, 'application/json', context.state.validators.crm) as SubmissionBody;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
    const fields = Object.keys(error.extras.fields ?? {});
    throw formInvalid(Object.fromEntries(fields.map((field) => [field.replace(/^answers\./, ''), 'invalid'])), language);
  }
}

function limitProblems(answers: Record<string, unknown>): FieldProblems {
  const problems: FieldProblems = {};
  if (Object.keys(answers).length > ANSWER_LIMITS.answers) problems.answers = 'too_many_answers';
  for (const [id, answer] of Object.entries(answers)) {
    const texts = Array.isArray(answer) ? answer : [answer];
    if (Array.isArray(answer) && answer.length > ANSWER_LIMITS.choices) problems[id] = 'too_many_choices';
    if (texts.some((text) => typeof text === 'string' && [...text].length > ANSWER_LIMITS.characters)) problems[id] = 'too_long';
  }
  return problems;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
