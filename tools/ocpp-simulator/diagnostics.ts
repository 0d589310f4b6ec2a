// A simulated charger's diagnostics (OCPP 1.6 GetDiagnostics): it answers with the name of its file, reports
// Uploading, uploads a generated log (its state and its recent frames) to the location over HTTP(S), then reports
// Uploaded, or UploadFailed once every try (1 + retries, retryInterval apart) got an HTTP error. The upload can be made
// to fail (a location the server refuses) or to be too large, to see the central system refuse it.

/** How the simulated charger's upload goes: as it should, refused by the server (a broken location), or too large. */
export type DiagnosticsUploadMode = 'ok' | 'fail' | 'tooLarge';

/** Bytes of a 'tooLarge' upload: past the central system's default DIAGNOSTICS_MAX_BYTES (20 MiB). */
export const TOO_LARGE_DIAGNOSTICS_BYTES = 21 * 1024 * 1024;

/** What the diagnostics use of their charger. */
export interface DiagnosticsHost {
  identity: string;
  /** A call to the central system that never throws (the charger's safeCall). */
  call(method: string, params: unknown): Promise<unknown>;
  note(line: string): void;
  /** The charger's state as the log's header shows it. */
  state(): Record<string, unknown>;
}

/** The GetDiagnostics request (OCPP 1.6). */
export interface GetDiagnosticsRequest {
  location: string;
  retries?: number;
  retryInterval?: number;
  startTime?: string;
  stopTime?: string;
}

type UploadStatus = 'Idle' | 'Uploading' | 'Uploaded' | 'UploadFailed';

/** The diagnostics of one simulated charger. */
export class SimulatedDiagnostics {
  /** The latest upload's status (Idle before any). */
  status: UploadStatus = 'Idle';
  /** Files uploaded and tries that failed (for tests). */
  readonly counters = { uploads: 0, failedTries: 0 };
  private readonly frames: string[] = [];

  constructor(
    private readonly host: DiagnosticsHost,
    /** Frames kept for the log (0: none, the log holds the charger's state only). */
    private readonly keep: number,
    private readonly mode: () => DiagnosticsUploadMode,
  ) {}

  /** A frame in or out (ocpp-rpc's `message` event), kept while `keep` allows. */
  record(event: { message: unknown; outbound: boolean }): void {
    if (this.keep === 0) return;
    this.frames.push(`${new Date().toISOString()} ${event.outbound ? '>>' : '<<'} ${String(event.message).slice(0, 240)}`);
    if (this.frames.length > this.keep) this.frames.shift();
  }

  /** What a triggered DiagnosticsStatusNotification reports: Uploading while an upload runs, else Idle (OCPP 1.6). */
  triggered(): UploadStatus {
    return this.status === 'Uploading' ? 'Uploading' : 'Idle';
  }

  /** Answers GetDiagnostics with the file's name and starts the upload shortly after the answer. */
  answer(params: unknown): { fileName: string } {
    const request = params as GetDiagnosticsRequest;
    const fileName = `${this.host.identity}-diagnostics-${new Date().toISOString().replace(/[:.]/g, '-')}.log`;
    setTimeout(() => void this.upload(request, fileName).catch((error: unknown) => this.host.note(`diagnostics upload failed: ${(error as Error).message}`)), 100);
    return { fileName };
  }

  /** The log: a header with the period asked for and the charger's state, then its recent frames. */
  file(request: GetDiagnosticsRequest, fileName: string): Buffer {
    const lines = [
      `# ${fileName}`,
      `# charger ${this.host.identity}, generated ${new Date().toISOString()}`,
      `# period ${request.startTime ?? 'any'} to ${request.stopTime ?? 'now'}`,
      `# state ${JSON.stringify(this.host.state())}`,
      ...this.frames,
      '',
    ];
    const text = Buffer.from(lines.join('\n'));
    if (this.mode() !== 'tooLarge') return text;
    const large = Buffer.alloc(TOO_LARGE_DIAGNOSTICS_BYTES, 0x2e);
    text.copy(large);
    return large;
  }

  private async upload(request: GetDiagnosticsRequest, fileName: string): Promise<void> {
    this.status = 'Uploading';
    await this.host.call('DiagnosticsStatusNotification', { status: 'Uploading' });
    const body = this.file(request, fileName);
    // 'fail': a location the server does not know (its token altered), so every try gets its HTTP error.
    const location = this.mode() === 'fail' ? `${request.location}x` : request.location;
    const tries = 1 + Math.max(0, request.retries ?? 0);
    for (let attempt = 0; attempt < tries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.max(0, request.retryInterval ?? 0) * 1000));
      try {
        const answer = await fetch(location, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } });
        await answer.arrayBuffer().catch(() => undefined);
        if (answer.ok) {
          this.counters.uploads += 1;
          this.status = 'Uploaded';
          await this.host.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
          return;
        }
        this.host.note(`diagnostics upload answered ${answer.status}`);
      } catch (error) {
        this.host.note(`diagnostics upload failed: ${(error as Error).message}`);
      }
      this.counters.failedTries += 1;
    }
    this.status = 'UploadFailed';
    await this.host.call('DiagnosticsStatusNotification', { status: 'UploadFailed' });
  }
}
