// Runs a check with the process in another time zone (Node re-reads TZ when it changes), so a
// date helper that leaks the local offset shows up as a shifted day.
export function withTimeZone<T>(timeZone: string, run: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return run();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

/** UTC+14 and UTC-11: a day apart, the widest spread of inhabited offsets. */
export const farTimeZones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'UTC'] as const;
