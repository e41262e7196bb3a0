// Every other reading (other-reading.ts), in the order they wrap the mock's handle (the first
// listed is the outermost): the readings of a body's form first, so that they write every answer
// the others make too, and the key order first of all, so that it orders every key they add.
import { deletedConfirmation } from './deleted-confirmation.ts';
import { ERROR_CHANGED_CURSOR } from './error-changed-cursor.ts';
import { ERROR_MEDIA_TYPE } from './error-media-type.ts';
import { ERROR_MALFORMED_CREDENTIAL } from './error-malformed-credential.ts';
import { ERROR_MISSING_CREDENTIAL } from './error-missing-credential.ts';
import { ERROR_UNKNOWN_ROUTE } from './error-unknown-route.ts';
import { ERROR_UNPARSABLE_BODY } from './error-unparsable-body.ts';
import { extraFields } from './extra-fields.ts';
import { keyOrder } from './key-order.ts';
import { listOrders } from './list-orders.ts';
import type { OtherReading } from './other-reading.ts';
import { refreshAnswerMinimal } from './refresh-answer-minimal.ts';
import { ROUTE_TAG_SETTINGS } from './route-tag-settings.ts';
import { ROUTE_TASK_ACTIONS } from './route-task-actions.ts';
import { ROUTE_WEBHOOKS_UNLISTED } from './route-webhooks-unlisted.ts';
import { STATUS_ID_TYPE } from './status-id-type.ts';
import { STATUS_LIMIT_REACHED } from './status-limit-reached.ts';
import { STATUS_NO_PIPELINE } from './status-no-pipeline.ts';
import { STATUS_TASK_NOT_OPEN } from './status-task-not-open.ts';
import { STORY_EXTRA_EVENTS } from './story-extra-events.ts';
import { STORY_OTHER_DESIGNS } from './story-other-designs.ts';
import { timeForm } from './time-form.ts';

/** How a body is written: delete confirmations, times, key order, extra fields, list orders, a refresh's answer. */
export const FORM_READINGS: OtherReading[] = [keyOrder, timeForm, extraFields, listOrders, deletedConfirmation, refreshAnswerMinimal];

/** Error codes and statuses the spec leaves open, taken the other way; outside the route designs, so that they answer those too. */
export const ERROR_READINGS: OtherReading[] = [
  ...ERROR_UNKNOWN_ROUTE,
  ...ERROR_MISSING_CREDENTIAL,
  ...ERROR_MALFORMED_CREDENTIAL,
  ...ERROR_UNPARSABLE_BODY,
  // Inside the unparsable body's, so that a form body is answered 415 before that reading reads it as no JSON.
  ...ERROR_MEDIA_TYPE,
  ...ERROR_CHANGED_CURSOR,
  ...STATUS_ID_TYPE,
  ...STATUS_NO_PIPELINE,
  ...STATUS_LIMIT_REACHED,
  ...STATUS_TASK_NOT_OPEN,
  ...ROUTE_TAG_SETTINGS,
  ...ROUTE_TASK_ACTIONS,
  ...ROUTE_WEBHOOKS_UNLISTED,
];

/** What the stories' areas leave open (issue 22, item 5): deliveries, and designs of their own. */
export const STORY_READINGS: OtherReading[] = [...STORY_EXTRA_EVENTS, ...STORY_OTHER_DESIGNS];

/**
 * The other-readings stand-in (`crmkit mock --stand-in FILE --other-readings`): every reading,
 * the stories' among them, so that the suite too meets duplicate deliveries, event types not in
 * the catalog yet and 409 for the refusals the spec names no answer for (issue 22).
 */
export const OTHER_READINGS: OtherReading[] = [...FORM_READINGS, ...ERROR_READINGS, ...STORY_READINGS];
