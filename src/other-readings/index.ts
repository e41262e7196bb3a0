// Every other reading (other-reading.ts), in the order they wrap the mock's handle (the first
// listed is the outermost).
import type { OtherReading } from './other-reading.ts';
import { storyExtraEvents } from './story-extra-events.ts';
import { storyOtherDesigns } from './story-other-designs.ts';

export const OTHER_READINGS: OtherReading[] = [storyExtraEvents, storyOtherDesigns];
