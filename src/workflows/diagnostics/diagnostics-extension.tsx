import { chargerResource } from '@domain/resources/chargers/charger';
import type { RecordHistoryProps, RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { ChargerHistory } from './diagnostics-history';
import { DiagnosticsPanel } from './diagnostics-panel';

/**
 * A charger's diagnostics: the Diagnostics panel in its page's main column (request, the requests live, the file to
 * download), and its requests among the charger's history.
 */
export const diagnosticsExtension: ResourceExtension = {
  feature: 'diagnostics',
  appliesTo: (resource) => resource.name === chargerResource.name,
  record: {
    panels: [
      {
        component: ({ record }: RecordPartProps) => <DiagnosticsPanel chargerId={Number(record.id)} chargerType={String(record.chargerType ?? '')} uniqueId={String(record.uniqueId ?? record.id)} />,
        place: 'top',
      },
    ],
    history: (props: RecordHistoryProps) => <ChargerHistory {...props} />,
  },
};
