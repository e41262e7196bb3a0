// The forms family's checks, in the order they run.
import type { Check } from '../../check.ts';
import { burstLimit } from './burst-limit.ts';
import { cardNumbers } from './card-numbers.ts';
import { configuration } from './configuration.ts';
import { consent } from './consent.ts';
import { consentAnswer } from './consent-answer.ts';
import { cors } from './cors.ts';
import { errorLanguage } from './error-language.ts';
import { honeypot } from './honeypot.ts';
import { hostedPage } from './hosted-page.ts';
import { ipLimit } from './ip-limit.ts';
import { minMs } from './min-ms.ts';
import { origins } from './origins.ts';
import { paused } from './paused.ts';
import { requestLimits } from './request-limits.ts';
import { returningClient } from './returning-client.ts';
import { submission } from './submission.ts';
import { submissionEffect } from './submission-effect.ts';
import { token } from './token.ts';
import { widgetScript } from './widget-script.ts';

// The token check moves a mock's clock a day on; what follows makes its own fresh tokens and codes.
// The per-IP limit last: once met, it refuses the visitor IP's submissions for the rest of the minute.
export const formsChecks: Check[] = [
  configuration,
  cors,
  widgetScript,
  hostedPage,
  token,
  minMs,
  honeypot,
  consent,
  consentAnswer,
  cardNumbers,
  errorLanguage,
  requestLimits,
  origins,
  paused,
  submission,
  submissionEffect,
  returningClient,
  burstLimit,
  ipLimit,
];
