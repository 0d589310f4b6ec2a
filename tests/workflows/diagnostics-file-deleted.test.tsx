/** @vitest-environment jsdom */
// A diagnostics file deleted after DIAGNOSTICS_RETENTION_DAYS: the charger page's Diagnostics card says so in words
// where its Download was (the request, its file's name and size kept), and the charger's history lists when it went.
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnosticsPaths, type DiagnosticsRequestView } from '@domain/diagnostics';
import { diagnosticsEvents } from '@workflows/diagnostics/diagnostics-history';
import { DiagnosticsPanel } from '@workflows/diagnostics/diagnostics-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const request = (id: string, fileName: string, deleted: boolean): DiagnosticsRequestView => ({
  id,
  chargerId: 7,
  chargerUniqueId: 'CZ000007',
  batchId: null,
  commandId: null,
  state: 'uploaded',
  summary: 'Uploaded',
  startTime: null,
  stopTime: null,
  fileName,
  fileSize: 2048,
  fileSha256: 'a'.repeat(64),
  uploadedAt: '2026-08-01T10:00:00.000Z',
  fileDeletedAt: deleted ? '2026-10-30T10:00:00.000Z' : null,
  fileDeletedLabel: deleted ? 'File deleted after 90 days' : null,
  lastStatus: 'Uploaded',
  requestedByName: 'Asha Rao',
  createdAt: '2026-08-01T09:59:00.000Z',
  updatedAt: '2026-08-01T10:00:00.000Z',
});

const items = [request('11111111-1111-4111-8111-111111111111', 'old.log', true), request('22222222-2222-4222-8222-222222222222', 'new.log', false)];

describe('a diagnostics file deleted after its retention', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows "File deleted after 90 days" in place of its Download; a kept file still has one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(url === diagnosticsPaths.ofCharger(7) ? { items } : {}), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS']));
    render(<DiagnosticsPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />, { wrapper: Wrapper });
    const table = await screen.findByRole('table', { name: 'Diagnostics requests' });
    const [oldRow, newRow] = within(table).getAllByRole('row').slice(1);
    expect(oldRow).toHaveTextContent('old.log (2.0 KB) File deleted after 90 days');
    expect(within(oldRow!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(newRow!).getByRole('button', { name: 'Download new.log' })).toBeInTheDocument();
    expect(newRow).not.toHaveTextContent('File deleted');
  });

  it("lists the deletion in the charger's history, after the file's arrival", () => {
    const events = diagnosticsEvents([items[0]!]);
    expect(events.map((e) => [e.at, e.title])).toEqual([
      ['2026-08-01T09:59:00.000Z', 'Diagnostics requested by Asha Rao'],
      ['2026-08-01T10:00:00.000Z', 'Diagnostics file received: old.log (2.0 KB)'],
      ['2026-10-30T10:00:00.000Z', 'File deleted after 90 days'],
    ]);
    expect(diagnosticsEvents([items[1]!]).some((e) => e.title.includes('deleted'))).toBe(false);
  });
});
