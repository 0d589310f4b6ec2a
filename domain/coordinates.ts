import { z } from 'zod';

/** The messages of the coordinates rule, word for word as the product shows them. */
export const coordinatesMessages = {
  required: 'This field is required',
  notNumbers: 'Latitude and Longitude must be numbers',
  bothOutOfRange: 'Latitude must be in range from -90 to 90, Longitude must be in range from -180 to 180',
  latitudeOutOfRange: 'Latitude must be in range from -90 to 90',
  longitudeOutOfRange: 'Longitude must be in range from -180 to 180',
} as const;

/** A point on the map. */
export const coordinatesValueSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof coordinatesValueSchema>;

// Plain decimals only: Number() would also accept "0x10", "1e3", "Infinity" and treat "" as 0.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type Checked = { ok: true; value: Coordinates } | { ok: false; message: string };

function check(text: string | null | undefined): Checked {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: false, message: coordinatesMessages.required };
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => DECIMAL.test(part))) {
    return { ok: false, message: coordinatesMessages.notNumbers };
  }
  const latitude = Number(parts[0]);
  const longitude = Number(parts[1]);
  const latOut = latitude < -90 || latitude > 90;
  const lngOut = longitude < -180 || longitude > 180;
  if (latOut && lngOut) return { ok: false, message: coordinatesMessages.bothOutOfRange };
  if (latOut) return { ok: false, message: coordinatesMessages.latitudeOutOfRange };
  if (lngOut) return { ok: false, message: coordinatesMessages.longitudeOutOfRange };
  return { ok: true, value: { latitude, longitude } };
}

/** Checks a "latitude,longitude" text (spaces allowed); the rule's message when invalid, undefined when valid. */
export function validateCoordinates(text: string | null | undefined): string | undefined {
  const result = check(text);
  return result.ok ? undefined : result.message;
}

/** Parses a "latitude,longitude" text into numbers; undefined when it is not valid. */
export function parseCoordinates(text: string | null | undefined): Coordinates | undefined {
  const result = check(text);
  return result.ok ? result.value : undefined;
}

/** Formats a point back into the field's "latitude,longitude" text. */
export function formatCoordinates(point: Coordinates): string {
  return `${point.latitude},${point.longitude}`;
}

/** Zod schema of the coordinates field: a "latitude,longitude" string, output as { latitude, longitude }. */
export const coordinatesSchema = z.string({ error: coordinatesMessages.required }).transform((text, ctx): Coordinates => {
  const result = check(text);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.value;
});
