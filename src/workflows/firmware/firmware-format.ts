import type { FirmwareUpdateState } from '@domain/firmware';

/** "3.2 MiB", "740 KiB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024).toLocaleString('en-IN')} KiB`;
  return `${bytes} bytes`;
}

/** Tone of an update state's pill. */
export function firmwareTone(state: FirmwareUpdateState): string {
  if (state === 'installed') return 'success';
  if (state === 'failed' || state === 'timedOut') return 'danger';
  if (state === 'cancelled') return 'neutral';
  if (state === 'waitingForSession' || state === 'requested') return 'warning';
  return 'info';
}

/** Query keys of the firmware images (the live channel's ['firmware-updates'] refreshes them). */
export const firmwareFileKeys = { all: ['firmware-updates'] as const, files: ['firmware-updates', 'files'] as const };
