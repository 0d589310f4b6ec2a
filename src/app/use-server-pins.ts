import { useEffect } from 'react';
import type { GlobalConfig } from '@domain/global-config';
import { adoptServerPins } from '@state/pins';

/** When global data arrives and no pins are stored locally, adopts the pins saved on the server. */
export function useServerPins(globalConfig: GlobalConfig | undefined): void {
  const serverPins = globalConfig?.pinnedItems;
  useEffect(() => {
    if (serverPins) adoptServerPins(serverPins);
  }, [serverPins]);
}
