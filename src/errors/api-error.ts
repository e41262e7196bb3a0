// The one error type of the mock. Anything that goes wrong on the way through a request throws
// an ApiError; `error-response.ts` turns it into the envelope of spec 7.1 in one place.

/** Extra keys of the envelope that some codes carry (spec 7.1). */
export type ErrorExtras = {
  fields?: Record<string, string>;
  permission?: string;
  reason?: string;
  limit?: number;
  key?: string;
  used?: number;
  plan?: string;
  upgrade_to?: string | null;
  scope?: string;
  tag_id?: string;
  deleted_at?: string;
};

export type ApiErrorOptions = {
  /** Needed only for codes the document gives several statuses (limit_reached, no_pipeline). */
  status?: number;
  /** Response headers such as Retry-After. */
  headers?: Record<string, string>;
  /** Replaces the catalog message, in every language (for details that only the thrower knows). */
  detail?: string;
};

export class ApiError extends Error {
  readonly code: string;
  readonly extras: ErrorExtras;
  readonly options: ApiErrorOptions;

  constructor(code: string, extras: ErrorExtras = {}, options: ApiErrorOptions = {}) {
    super(options.detail ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.extras = extras;
    this.options = options;
  }
}

/** A field problem: `validation_failed` with one entry in `fields`. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError('validation_failed', { fields: { [field]: message } });
}
