// Reservations of a charger's connector (OCPP 1.6 Reservation profile): the two commands, what a reservation's state
// is in words, and the API's shapes. Shared by the console (the charger page's reservations, the booking page) and the
// server (server/reservations).
import { z } from 'zod';
import type { Permission } from './permissions';

/** Who may reserve a connector and cancel a reservation by hand (a scheduled booking's are made by the server). */
export const RESERVE_CONNECTOR_PERMISSION: Permission = 'ROLE_RESERVE_CONNECTOR';

/** The charger page's anchors of the two reservation actions (the palette opens the page at them). */
export const reservationAnchors = { reserve: 'reserve-connector', cancel: 'cancel-reservation' } as const;

/** The reservation commands, sent only through the reservations' own routes and the booking's reservation. */
export const reservationCommandActions = ['ReserveNow', 'CancelReservation'] as const;
export type ReservationCommandAction = (typeof reservationCommandActions)[number];

/** Labels of the reservation commands, as staff read them (Commands table, results pages). */
export const reservationCommandLabels: Readonly<Record<ReservationCommandAction, string>> = {
  ReserveNow: 'Reserve connector',
  CancelReservation: 'Cancel reservation',
};

/** A reservation command with its OCPP payload (checked again against the official schema when sent). */
export const reservationCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('ReserveNow'),
    payload: z.strictObject({
      connectorId: z.number().int().min(0).max(10),
      expiryDate: z.string(),
      idTag: z.string().min(1).max(20),
      parentIdTag: z.string().min(1).max(20).optional(),
      reservationId: z.number().int().min(1),
    }),
  }),
  z.strictObject({ action: z.literal('CancelReservation'), payload: z.strictObject({ reservationId: z.number().int().min(1) }) }),
]);
export type ReservationCommand = z.infer<typeof reservationCommandSchema>;

/** States of a reservation, from its commands' answers and what happened since. */
export const reservationStates = ['pending', 'reserved', 'refused', 'offline', 'failed', 'cancelling', 'cancelled', 'used', 'expired'] as const;
export type ReservationState = (typeof reservationStates)[number];

/** A reservation's state in words. */
export const reservationStateLabels: Readonly<Record<ReservationState, string>> = {
  pending: 'Reserving: waiting for the charger',
  reserved: 'Reserved',
  refused: 'Refused by the charger',
  offline: 'Not reserved: charger offline',
  failed: 'Not reserved: no answer',
  cancelling: 'Cancelling: waiting for the charger',
  cancelled: 'Cancelled',
  used: 'Used: charging started',
  expired: 'Expired',
};

/** States in which the reservation holds (or is about to hold) the connector: the charger page's current ones. */
export const currentReservationStates: readonly ReservationState[] = ['pending', 'reserved', 'cancelling', 'offline'];

/** The charger's answers to ReserveNow, in words. */
export const reserveAnswerLabels: Readonly<Record<string, string>> = {
  Accepted: 'Accepted: the connector is held',
  Occupied: 'Occupied: the connector is in use or already reserved',
  Faulted: 'Faulted: the connector has a fault',
  Rejected: 'Rejected: the charger takes no reservations',
  Unavailable: 'Unavailable: the connector is out of use',
};

/** The charger's answers to CancelReservation, in words. */
export const cancelAnswerLabels: Readonly<Record<string, string>> = {
  Accepted: 'Accepted: the connector is free again',
  Rejected: 'Rejected: the charger holds no such reservation',
};

/** A reservation as the API answers it. */
export const reservationViewSchema = z.object({
  /** The OCPP reservationId. */
  id: z.number(),
  bookingId: z.number().nullable(),
  chargerId: z.number(),
  chargerUniqueId: z.string().nullable(),
  connectorId: z.number(),
  idTag: z.string(),
  expiresAt: z.string(),
  state: z.enum(reservationStates),
  /** The state in words, with the charger's answer or why (e.g. "Refused by the charger: Occupied: …"). */
  summary: z.string(),
  /** The charger's answer to the latest ReserveNow (Accepted, Occupied, Faulted, Rejected, Unavailable), if any. */
  answer: z.string().nullable(),
  transactionId: z.number().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReservationView = z.infer<typeof reservationViewSchema>;

/** A booking's reservation: the reservation, or why there is none (yet). */
export const bookingReservationSchema = z.object({
  reservation: reservationViewSchema.nullable(),
  /** Why the booking has no reservation, in words (null when it has one). */
  note: z.string().nullable(),
});
export type BookingReservation = z.infer<typeof bookingReservationSchema>;

/** Body of a reservation staff make by hand. */
export const reserveConnectorBodySchema = z.strictObject({
  connectorId: z.number({ error: 'Choose a connector' }).int().min(1, 'Choose a connector').max(10),
  idTag: z.string({ error: 'Give the RFID card number' }).trim().min(1, 'Give the RFID card number').max(20, 'At most 20 characters'),
  /** How long the connector is held, minutes. */
  minutes: z.number({ error: 'Give how long, in minutes' }).int().min(5, 'At least 5 minutes').max(1440, 'At most 24 hours (1,440 minutes)'),
});
export type ReserveConnectorBody = z.infer<typeof reserveConnectorBodySchema>;

/** Paths of the reservations API. */
export const reservationPaths = {
  ofCharger: (chargerId: number | string) => `/ccu/charger/${chargerId}/reservations`,
  cancel: (reservationId: number | string) => `/ccu/reservations/${reservationId}/cancel`,
  ofBooking: (bookingId: number | string) => `/booking-service/admin/booking/${encodeURIComponent(String(bookingId))}/reservation`,
} as const;
