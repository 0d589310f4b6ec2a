// The simulated charger's firmware (OCPP 1.6 Firmware Management): UpdateFirmware is answered {} at once; at its
// retrieveDate the charger really downloads the location over HTTP(S), reporting Downloading and Downloaded (or, once
// its retries are spent, DownloadFailed), then Installing and Installed, and reboots: it drops the connection and boots
// again reporting the new version (the download's X-Firmware-Version header, else its `version` query, else the file
// name). Failures can be injected for tests and benches: a rate and the step that fails.

/** The statuses a charger reports in FirmwareStatusNotification. */
export type SimFirmwareStatus = 'Idle' | 'Downloading' | 'Downloaded' | 'DownloadFailed' | 'Installing' | 'Installed' | 'InstallationFailed';

/** Options of the simulated firmware. */
export interface SimFirmwareOptions {
  /** The version the charger reports at boot until it installs another ['1.6.4-sim']. */
  version?: string;
  /** Share of updates that fail (0…1) [0]. */
  failureRate?: number;
  /** The step a failing update fails at [download]. */
  failStep?: 'download' | 'install';
  /** Time each step (download to install) takes, ms [200]. */
  stepMs?: number;
}

/** What the firmware uses of its charger. */
export interface SimFirmwarePort {
  call(method: string, params: unknown): Promise<unknown>;
  /** Drops the connection; the charger reconnects and boots again. */
  reboot(): void;
  note(line: string): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The version an image brings: the download's header, its link's `version` query, or the file's name without extension. */
export function versionOfDownload(location: string, header: string | null): string {
  if (header) {
    try {
      return decodeURIComponent(header);
    } catch {
      return header;
    }
  }
  const url = new URL(location);
  const query = url.searchParams.get('version');
  if (query) return query;
  const name = url.pathname.split('/').pop() ?? '';
  return name.replace(/\.[A-Za-z0-9]+$/, '') || 'unknown';
}

/** A charger's firmware: its version, its status and the update it is running. */
export class SimulatedFirmware {
  version: string;
  status: SimFirmwareStatus = 'Idle';
  /** Updates asked for, and bytes downloaded (tests). */
  readonly counters = { updates: 0, downloads: 0, bytes: 0 };
  private readonly options: Required<Omit<SimFirmwareOptions, 'version'>>;
  private running: Promise<void> | null = null;

  constructor(
    private readonly port: SimFirmwarePort,
    options: SimFirmwareOptions = {},
  ) {
    this.version = options.version ?? '1.6.4-sim';
    this.options = { failureRate: options.failureRate ?? 0, failStep: options.failStep ?? 'download', stepMs: options.stepMs ?? 200 };
  }

  /** Changes the failure injection (tests, benches). */
  configure(options: Omit<SimFirmwareOptions, 'version'>): void {
    Object.assign(this.options, Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)));
  }

  /** The answer to UpdateFirmware: {} (OCPP 1.6 has no refusal); the update runs on its own. */
  update(params: unknown): Record<string, never> {
    const p = params as { location: string; retrieveDate: string; retries?: number; retryInterval?: number };
    this.counters.updates += 1;
    const run = () => this.run(p).catch((error: unknown) => this.port.note(`firmware update failed: ${(error as Error).message}`));
    this.running = (this.running ?? Promise.resolve()).then(run);
    return {};
  }

  /** Waits for the update in progress (tests). */
  async settled(): Promise<void> {
    await this.running;
  }

  private async report(status: SimFirmwareStatus): Promise<void> {
    this.status = status;
    await this.port.call('FirmwareStatusNotification', { status });
  }

  private async run(p: { location: string; retrieveDate: string; retries?: number; retryInterval?: number }): Promise<void> {
    const wait = new Date(p.retrieveDate).getTime() - Date.now();
    if (Number.isFinite(wait) && wait > 0) await sleep(wait);
    const fails = Math.random() < this.options.failureRate;
    const attempts = Math.max(0, p.retries ?? 0) + 1;
    let image: { bytes: number; version: string } | null = null;
    for (let attempt = 1; attempt <= attempts && !image; attempt += 1) {
      await this.report('Downloading');
      image = fails && this.options.failStep === 'download' ? null : await this.download(p.location);
      if (!image && attempt < attempts) await sleep(Math.max(0, p.retryInterval ?? 0) * 1000);
    }
    if (!image) {
      await this.report('DownloadFailed');
      return;
    }
    await sleep(this.options.stepMs);
    await this.report('Downloaded');
    await sleep(this.options.stepMs);
    await this.report('Installing');
    await sleep(this.options.stepMs);
    if (fails && this.options.failStep === 'install') {
      await this.report('InstallationFailed');
      return;
    }
    await this.report('Installed');
    this.version = image.version.slice(0, 50);
    this.port.note(`firmware ${this.version} installed: rebooting`);
    await sleep(this.options.stepMs);
    this.status = 'Idle';
    this.port.reboot();
  }

  /** The image downloaded, or null on an HTTP error or a network failure. */
  private async download(location: string): Promise<{ bytes: number; version: string } | null> {
    try {
      const response = await fetch(location);
      if (!response.ok) {
        this.port.note(`firmware download answered ${response.status}`);
        await response.body?.cancel();
        return null;
      }
      const bytes = (await response.arrayBuffer()).byteLength;
      this.counters.downloads += 1;
      this.counters.bytes += bytes;
      return { bytes, version: versionOfDownload(location, response.headers.get('x-firmware-version')) };
    } catch (error) {
      this.port.note(`firmware download failed: ${(error as Error).message}`);
      return null;
    }
  }
}
