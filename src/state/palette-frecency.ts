import { proxy, snapshot } from 'valtio';
import { frecencyRecordSchema, recordUse, type FrecencyRecord } from '@commands/frecency';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** How often and how lately each palette command was run (the palette's "frequently used"), persisted. */
export const paletteFrecencyStore = proxy<{ entries: FrecencyRecord }>({ entries: {} });

/** Records a run of the command with this id, now. */
export function recordPaletteUse(id: string, now: number = Date.now()): void {
  paletteFrecencyStore.entries = recordUse(paletteFrecencyStore.entries, id, now);
}

/** Loads the stored record; invalid stored data is discarded and the record starts empty. */
export async function hydratePaletteFrecency(): Promise<void> {
  const stored = await storage.get(storageKeys.paletteFrecency, frecencyRecordSchema);
  withoutPersistence(() => {
    paletteFrecencyStore.entries = stored ?? {};
  });
}

/** Empties the record without touching storage. */
export function resetPaletteFrecency(): void {
  withoutPersistence(() => {
    paletteFrecencyStore.entries = {};
  });
}

persistOnChange(paletteFrecencyStore, storageKeys.paletteFrecency, () => snapshot(paletteFrecencyStore).entries);
