// Durations of schedules in words ("1 h 30 min"), for the profiles' table and the composite schedule.

/** "1 h 30 min" from seconds. */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  if (h === 0) return m === 0 && seconds > 0 ? `${seconds} s` : `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
