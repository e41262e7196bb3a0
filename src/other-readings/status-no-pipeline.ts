// `no_pipeline` answers 422, not crmkit's 409: spec 7.3 gives it "409 or 422" (a workspace
// without a pipeline is a state, 409, or the create's values cannot be accepted, 422).
import type { OtherReading } from './other-reading.ts';
import { answeringCodeWith } from './status-of-code.ts';

export const STATUS_NO_PIPELINE: OtherReading[] = [
  {
    name: 'status-no-pipeline',
    description: 'no_pipeline answers 422 instead of 409.',
    leftOpenBy: '7.3: no_pipeline "409 or 422".',
    wrap: answeringCodeWith('no_pipeline', 422),
  },
];
