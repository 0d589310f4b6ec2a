import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { z } from 'zod';
import { formatDateTime } from '@domain/format-date';
import type { ChargerLive } from '@domain/ocpp';
import { f } from '@domain/resource/field';
import {
  currentReservationStates,
  RESERVE_CONNECTOR_PERMISSION,
  reservationAnchors,
  reservationPaths,
  reservationViewSchema,
  reserveConnectorBodySchema,
  type ReservationState,
  type ReservationView,
} from '@domain/reservations';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { usePageAnchor } from './use-page-anchor';

/** Tone of a reservation state's pill. */
export function reservationTone(state: ReservationState): string {
  if (state === 'reserved') return 'success';
  if (state === 'refused' || state === 'offline' || state === 'failed') return 'danger';
  if (state === 'pending' || state === 'cancelling') return 'info';
  return 'neutral';
}

/** "Reserved on connector 2 until 14:30" or the state in words. */
export function reservationLine(r: ReservationView): string {
  if (r.state === 'reserved') return `Reserved on connector ${r.connectorId} until ${formatDateTime(r.expiresAt)}`;
  return `${r.summary} (connector ${r.connectorId}, until ${formatDateTime(r.expiresAt)})`;
}

const reservationsKey = (chargerId: number) => [...queryKeys.ocpp(chargerId).all, 'reservations'] as const;

/** A charger's reservations (refreshed by the charger's live events; every few seconds while one waits for an answer). */
function useReservations(chargerId: number) {
  return useQuery({
    queryKey: reservationsKey(chargerId),
    queryFn: ({ signal }) => apiRequest(reservationPaths.ofCharger(chargerId), { schema: z.object({ items: z.array(reservationViewSchema) }), signal }),
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.state === 'pending' || r.state === 'cancelling') ? 3_000 : false),
  });
}

/** Reserve a connector: which connector, for which card, for how long. */
function ReserveDialog({ live, onClose }: { live: ChargerLive; onClose: () => void }) {
  const queryClient = useQueryClient();
  const connectors = live.connectors.map((k) => k.connectorId).filter((id) => id > 0);
  const form = useActionForm({
    fields: [
      { path: 'connectorId', def: f.int('Connector', { required: true, min: 1, max: 10, help: connectors.length > 0 ? `This charger reported connectors ${connectors.join(', ')}.` : undefined }) },
      { path: 'idTag', def: f.text('RFID card number', { required: true, max: 20, help: 'Only this card may start on the connector until the reservation ends.' }) },
      { path: 'minutes', def: f.int('For how long', { required: true, min: 5, max: 1440, unit: 'min' }) },
    ],
    // A form's values are the text of its inputs (the schema reads numbers from them): a number here failed the send.
    initial: { connectorId: String(connectors[0] ?? 1), minutes: '30' },
    schema: reserveConnectorBodySchema,
  });
  const submit = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(async () => {
      const r = await apiRequest(reservationPaths.ofCharger(live.chargerId), { body: checked.body, schema: reservationViewSchema });
      pushToast(`Reserve connector: ${reservationLine(r)}`, r.state === 'reserved' ? 'success' : 'error');
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(live.chargerId).all });
    });
    if (sent) onClose();
  };
  return (
    <ActionDialog title={`Reserve connector: ${live.uniqueId}`} onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        className="command-form"
        intro={
          <div className="ui-dialog__body">
            <p>Holds a connector for one RFID card: the charger shows it Reserved and lets no other card start there until the time is up or it is cancelled.</p>
          </div>
        }
        submitLabel="Reserve connector"
        onSubmit={() => void submit()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}

/**
 * The charger page's Reservations card: the current ones (connector, card, until when, state in words, its booking), and for
 * staff who may reserve, Reserve connector… and each reservation's Cancel reservation (confirmed: the connector is freed).
 */
export function ReservationsPanel({ live }: { live: ChargerLive }) {
  const canReserve = useCan(RESERVE_CONNECTOR_PERMISSION);
  const reservations = useReservations(live.chargerId);
  const queryClient = useQueryClient();
  const [reserving, setReserving] = useState(false);
  // The palette's Reserve connector… opens the page at it, or moves the fragment of the page on screen: its dialog opens.
  usePageAnchor(reservationAnchors.reserve, () => setReserving(true), canReserve);
  const current = (reservations.data?.items ?? []).filter((r) => currentReservationStates.includes(r.state) || r.state === 'refused');
  const cancel = async (r: ReservationView) => {
    try {
      const answer = await apiRequest(reservationPaths.cancel(r.id), { method: 'POST', schema: reservationViewSchema });
      pushToast(`Cancel reservation: ${answer.summary}`, answer.state === 'cancelled' ? 'success' : 'error');
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(live.chargerId).all });
    } catch (error) {
      pushToast(`Cancel reservation: ${errorMessage(error)}`, 'error');
    }
  };
  return (
    <section className="detail-section" aria-labelledby={reservationAnchors.cancel}>
      <h2 id={reservationAnchors.cancel} tabIndex={-1}>
        Reservations
      </h2>
      {canReserve ? (
        <div className="command-panel__buttons">
          <Button id={reservationAnchors.reserve} variant="secondary" onPress={() => setReserving(true)}>
            Reserve connector…
          </Button>
        </div>
      ) : null}
      {reservations.isPending ? (
        <LoadingIndicator label="Loading reservations…" />
      ) : reservations.isError ? (
        <p role="alert">{errorMessage(reservations.error)}</p>
      ) : current.length === 0 ? (
        <p>No connector is reserved.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Current reservations"
          rows={current}
          rowKey={(r) => r.id}
          columns={[
            { id: 'connector', header: 'Connector', render: (r) => `Connector ${r.connectorId}` },
            { id: 'state', header: 'State', render: (r) => <span className={`pill pill--${reservationTone(r.state)}`}>{r.summary}</span> },
            { id: 'until', header: 'Until', render: (r) => formatDateTime(r.expiresAt) },
            { id: 'card', header: 'RFID card', render: (r) => r.idTag },
            { id: 'booking', header: 'Booking', render: (r) => (r.bookingId ? <Link href={`/booking-management/all-bookings/bookings/${r.bookingId}`}>#{r.bookingId}</Link> : `By ${r.requestedByName ?? 'staff'}`) },
            {
              id: 'actions',
              header: 'Actions',
              render: (r) =>
                canReserve && r.state !== 'cancelling' && r.state !== 'refused' ? (
                  <ConfirmDialog
                    title={`Cancel the reservation of connector ${r.connectorId}?`}
                    confirmLabel="Cancel reservation"
                    cancelLabel="Keep it"
                    onConfirm={() => cancel(r)}
                    trigger={
                      <Button variant="danger" size="sm" aria-label={`Cancel reservation of connector ${r.connectorId}`}>
                        Cancel reservation…
                      </Button>
                    }
                  >
                    The charger frees connector {r.connectorId}, held for card {r.idTag}
                    {r.bookingId ? ` (booking ${r.bookingId})` : ''}: any card may start there again. This cannot be undone.
                  </ConfirmDialog>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
      {reserving ? <ReserveDialog live={live} onClose={() => setReserving(false)} /> : null}
    </section>
  );
}
