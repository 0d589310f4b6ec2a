// A location's default charging profiles on its page: each default with how many of the location's chargers hold it,
// Add default profile… (sent now to the online chargers, and to each charger when it starts up) and Remove… (confirmed:
// cleared at the chargers online now).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { chargerResultSchema, locationProfileViewSchema, MANAGE_CHARGING_PROFILES_PERMISSION, smartChargingPaths, type LocationProfileView } from '@domain/smart-charging';
import { apiRequest, errorMessage } from '@data/api-client';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { ProfileDialog } from './profile-form';
import { profileColumns } from './smart-charging-panel';

const defaultsKey = (locationId: number) => ['location-charging-profiles', String(locationId)] as const;
const resultsSchema = z.array(chargerResultSchema);

/** "Sent to 3 chargers: 2 accepted, 1 rejected (Rejected)" of the chargers' answers. */
function resultsLine(what: string, results: z.infer<typeof resultsSchema>): { text: string; ok: boolean } {
  if (results.length === 0) return { text: `${what}: no charger of the location is online; each gets it when it starts up.`, ok: true };
  const accepted = results.filter((r) => r.state === 'accepted').length;
  const others = results.filter((r) => r.state !== 'accepted');
  const why = others.map((r) => `${r.chargerUniqueId ?? r.chargerId}: ${r.answer ?? r.state}`).join('; ');
  return { text: `${what}: ${accepted} of ${results.length} online charger${results.length === 1 ? '' : 's'} accepted${why ? ` (${why})` : ''}.`, ok: others.length === 0 };
}

/** The location page's panel of default charging profiles. */
export function LocationProfilesPanel({ locationId, name }: { locationId: number; name: string }) {
  const canManage = useCan(MANAGE_CHARGING_PROFILES_PERMISSION);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const defaults = useQuery({
    queryKey: defaultsKey(locationId),
    queryFn: ({ signal }) => apiRequest(smartChargingPaths.ofLocation(locationId), { schema: z.object({ items: z.array(locationProfileViewSchema), onlineChargers: z.number() }), signal }),
  });
  const remove = async (p: LocationProfileView) => {
    try {
      const answer = await apiRequest(smartChargingPaths.locationProfile(locationId, p.id), { method: 'DELETE', schema: z.object({ results: resultsSchema }) });
      const said = resultsLine(`Removed default ${p.id}`, answer.results);
      pushToast(said.text, said.ok ? 'success' : 'error');
    } catch (error) {
      pushToast(`Remove default ${p.id}: ${errorMessage(error)}`, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: defaultsKey(locationId) });
  };
  const items = defaults.data?.items ?? [];
  return (
    <section className="detail-section location-charging-profiles" aria-labelledby="location-profiles-heading">
      <h2 id="location-profiles-heading">Default charging profiles</h2>
      <p>Sent to each OCPP charger of this location when it starts up{defaults.data ? `; ${defaults.data.onlineChargers} of its chargers are online now` : ''}.</p>
      {canManage ? (
        <div className="command-panel__buttons">
          <Button variant="secondary" onPress={() => setAdding(true)}>
            Add default profile…
          </Button>
        </div>
      ) : null}
      {defaults.isPending ? (
        <LoadingIndicator label="Loading default profiles…" />
      ) : defaults.isError ? (
        <p role="alert">{errorMessage(defaults.error)}</p>
      ) : items.length === 0 ? (
        <p>No default profile: the chargers here get none when they start up.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Default charging profiles"
          rows={items}
          rowKey={(p) => p.id}
          columns={[
            ...profileColumns<LocationProfileView>(),
            { id: 'held', header: 'Chargers', render: (p) => `${p.accepted} hold it${p.notAccepted > 0 ? `, ${p.notAccepted} refused or missed it` : ''}` },
            {
              id: 'actions',
              header: 'Actions',
              render: (p) =>
                canManage ? (
                  <ConfirmDialog
                    title={`Remove default profile ${p.id} of ${name}?`}
                    confirmLabel="Remove default"
                    cancelLabel="Keep it"
                    onConfirm={() => remove(p)}
                    trigger={
                      <Button variant="danger" size="sm" aria-label={`Remove default profile ${p.id}`}>
                        Remove…
                      </Button>
                    }
                  >
                    No charger gets it at start-up any more, and the chargers online now clear it. This cannot be undone.
                  </ConfirmDialog>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
      {adding ? (
        <ProfileDialog
          title={`Add a default charging profile: ${name}`}
          path={smartChargingPaths.ofLocation(locationId)}
          forLocation
          onClose={() => setAdding(false)}
          invalidate={defaultsKey(locationId)}
          describe={(answer) => {
            const parsed = z.object({ profile: locationProfileViewSchema, results: resultsSchema }).safeParse(answer);
            return parsed.success ? resultsLine(`Default profile ${parsed.data.profile.id} added`, parsed.data.results) : { text: 'Default profile added', ok: true };
          }}
        />
      ) : null}
    </section>
  );
}
