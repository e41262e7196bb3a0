// The one error type of the mock. Anything that goes wrong on the way through a request throws
// an ApiError; `error-response.ts` turns it into the envelope of spec 7.1 in one place.

import type { components } from '../spec/generated/crm.d.ts';
import type { Texts } from './messages.ts';

/** Extra keys of the envelope that some codes carry (spec 7.1), typed from the document. */
export type ErrorExtras = Omit<components['schemas']['ErrorEnvelope']['error'], 'code' | 'message' | 'request_id' | 'docs_url'>;

export type ApiErrorOptions = {
  /** Needed only for codes the document gives several statuses (limit_reached, no_pipeline). */
  status?: number;
  /** Response headers such as Retry-After. */
  headers?: Record<string, string>;
  /**
   * Replaces the catalog message with what only the thrower knows. Spec 7.1: the message is in the
   * language of Accept-Language, so a detail is given in each language (`Texts`); a plain string
   * is English and stands in `en` only (other languages get the catalog's message), unless
   * `localized` says it is already worded in the answer's language (a form's visitor language).
   */
  detail?: string | Texts;
  localized?: boolean;
};

export class ApiError extends Error {
  readonly code: string;
  readonly extras: ErrorExtras;
  readonly options: ApiErrorOptions;

  constructor(code: string, extras: ErrorExtras = {}, options: ApiErrorOptions = {}) {
    super(typeof options.detail === 'object' ? options.detail.en : (options.detail ?? code));
    this.name = 'ApiError';
    this.code = code;
    this.extras = extras;
    this.options = options;
  }
}
