import { useState } from 'react';
import { FIRMWARE_PERMISSION, MAX_FIRMWARE_CHARGERS } from '@domain/firmware';
import { chargerResource } from '@domain/resources/chargers/charger';
import type { BulkActionProps, RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { pushToast } from '@state/toasts';
import { Button } from '@ui/button';
import { chargerIdsOf } from '@workflows/charger-commands/charger-commands-extension';
import { WithChargerLive } from '@workflows/charger-live/with-charger-live';
import { FirmwarePanel, UpdateDialog } from './firmware-panel';

/** "Update firmware…" on the chargers' lists: one image to the selected chargers, each with its own update. */
function UpdateFirmwareBulk({ what, target }: BulkActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onPress={() => setOpen(true)}>
        Update firmware…
      </Button>
      {open ? (
        <UpdateDialog
          target={{
            what,
            chargerIds: async () => {
              const ids = await chargerIdsOf(target);
              if (ids.length > MAX_FIRMWARE_CHARGERS) throw new Error(`At most ${MAX_FIRMWARE_CHARGERS} chargers at once: select fewer, or use a firmware campaign.`);
              return ids;
            },
            onSent: (items) => {
              const failed = items.filter((u) => u.status === 'failed').length;
              const waiting = items.filter((u) => u.status === 'waitingForSession').length;
              const parts = [`${items.length - failed - waiting} sent`, ...(waiting > 0 ? [`${waiting} waiting for their session to end`] : []), ...(failed > 0 ? [`${failed} failed (offline, or already updating)`] : [])];
              pushToast(`Update firmware: ${parts.join(', ')}. Each charger's page shows its steps.`, failed > 0 ? 'error' : 'success');
            },
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * An OCPP charger's Firmware card on its page (the version it runs, its updates, Update firmware…), and firmware updates
 * of many chargers from the chargers' lists (All Stations, Active Stations).
 */
export const firmwareExtension: ResourceExtension = {
  feature: 'firmware',
  appliesTo: (resource) => resource.name === chargerResource.name,
  record: {
    panels: [{ component: ({ record }: RecordPartProps) => <WithChargerLive chargerId={Number(record.id)}>{(live) => <FirmwarePanel live={live} />}</WithChargerLive>, place: 'top' }],
  },
  list: { bulkActions: [{ id: 'update-firmware', permission: FIRMWARE_PERMISSION, component: UpdateFirmwareBulk }] },
};
