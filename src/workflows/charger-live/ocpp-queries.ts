import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chargerLiveSchema, meterSamplesSchema, ocppCommandPageSchema, ocppMessagePageSchema, ocppPaths } from '@domain/ocpp';
import { apiRequest } from '@data/api-client';
import { queryKeys } from '@data/query-keys';

/** A charger's live OCPP state; refreshed by the live channel (no polling). */
export function useChargerLive(chargerId: number) {
  return useQuery({
    queryKey: queryKeys.ocpp(chargerId).live,
    queryFn: ({ signal }) => apiRequest(ocppPaths.live(chargerId), { schema: chargerLiveSchema, signal }),
  });
}

/** The latest commands sent to a charger. */
export function useChargerCommands(chargerId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ocpp(chargerId).commands,
    queryFn: ({ signal }) => apiRequest(`${ocppPaths.command}?chargerId=${chargerId}&size=10`, { schema: ocppCommandPageSchema, signal }),
    enabled,
  });
}

/** Meter samples of a transaction (or of the charger). */
export function useMeterValues(chargerId: number, transactionId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ocpp(chargerId).meterValues(transactionId),
    queryFn: ({ signal }) =>
      apiRequest(`${ocppPaths.meterValues(chargerId)}?limit=30${transactionId === null ? '' : `&transactionId=${transactionId}`}`, { schema: meterSamplesSchema, signal }),
    enabled,
  });
}

/** The latest `size` messages of the raw OCPP message log, searchable (the page shown stays while more are read). */
export function useMessageLog(chargerId: number, q: string, enabled: boolean, size = 20) {
  return useQuery({
    queryKey: queryKeys.ocpp(chargerId).messages({ q: q || undefined, size }),
    queryFn: ({ signal }) => apiRequest(`${ocppPaths.messages(chargerId)}?size=${size}${q ? `&q=${encodeURIComponent(q)}` : ''}`, { schema: ocppMessagePageSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
