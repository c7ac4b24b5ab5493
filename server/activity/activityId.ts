// Row ids of the activity trail: UUIDv7 (RFC 9562), whose text sorts by creation time. Rows made
// in the same millisecond by this process still sort in the order they were made (a counter in
// the 12 `rand_a` bits), so "newest first" is exact for one instance and stable across pages.
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

export function activityId(now: number = Date.now()): string {
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter += 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
