// Every other reading (other-reading.ts), in the order they wrap the mock's handle (the first
// listed is the outermost).
import type { OtherReading } from './other-reading.ts';

export const OTHER_READINGS: OtherReading[] = [];
