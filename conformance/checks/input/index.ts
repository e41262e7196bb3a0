// The input family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { badJson } from './bad-json.ts';
import { bodyTooLarge } from './body-too-large.ts';
import { credentials } from './credentials.ts';
import { credentialsInUrl } from './credentials-in-url.ts';
import { idTypes } from './id-types.ts';
import { keyStates } from './key-states.ts';
import { longPrefixes } from './long-prefixes.ts';
import { missingScope } from './missing-scope.ts';
import { otherWorkspace } from './other-workspace.ts';
import { queryLimits } from './query-limits.ts';
import { recordConventions } from './record-conventions.ts';
import { recordNumbers } from './record-numbers.ts';
import { tooLongEverywhere } from './too-long-everywhere.ts';
import { unknownField } from './unknown-field.ts';
import { unknownFieldEverywhere } from './unknown-field-everywhere.ts';
import { validationFailed } from './validation-failed.ts';
import { whoami } from './whoami.ts';
import { writeIncludesRead } from './write-includes-read.ts';
import { wrongTypeEverywhere } from './wrong-type-everywhere.ts';

export const inputChecks: Check[] = [
  unknownField,
  unknownFieldEverywhere,
  wrongTypeEverywhere,
  tooLongEverywhere,
  badJson,
  validationFailed,
  credentials,
  whoami,
  keyStates,
  credentialsInUrl,
  missingScope,
  writeIncludesRead,
  bodyTooLarge,
  idTypes,
  recordNumbers,
  recordConventions,
  longPrefixes,
  otherWorkspace,
  queryLimits,
];
