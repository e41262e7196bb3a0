// An other reading: where the spec lets a deployment answer in more than one way (a delete's
// confirmation, a time's offset, key order, an error code the spec does not name, a route it does
// not show...), the mock may take the choice crmkit did not take. Switched on together, they make
// a second, deliberately different, correct implementation of the spec (`crmkit mock --stand-in
// FILE --other-readings`), against which the suite and the stories must fail nothing (issue 22):
// a check that fails there enforces crmkit's own choice as if the spec stated it.
//
// Unlike a fault, an other reading breaks no stated rule: each says which choice it takes and the
// words of the spec that leave it open.
import type { RequestInfo } from '../http/handle.ts';
import type { MockState } from '../mock-state.ts';

export type Handle = (request: Request, info?: RequestInfo) => Promise<Response>;

export type OtherReading = {
  name: string;
  /** The choice it takes, in one sentence. */
  description: string;
  /** The spec's words that leave the choice open (section and quote or paraphrase). */
  leftOpenBy: string;
  /** Catalog rules whose `reading` this alternative exercises (their failures may warn, never fail). */
  readings?: string[];
  wrap(next: Handle, state: MockState): Handle;
  /**
   * The body of a webhook or app lifecycle delivery (parsed JSON) as this reading writes it
   * (delivery-hook.ts); it may differ from how `wrap` writes the same event in the delivery log,
   * which the spec does not tie to the delivered text.
   */
  alterDelivered?(body: unknown): unknown;
};
