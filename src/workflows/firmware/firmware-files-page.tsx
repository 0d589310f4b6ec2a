import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { FIRMWARE_PERMISSION, firmwareFileViewSchema, firmwarePaths, type FirmwareFileView } from '@domain/firmware';
import { formatDateTime } from '@domain/format-date';
import { apiRequest, apiUploadForm, errorMessage } from '@data/api-client';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import { pushToast } from '@state/toasts';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { firmwareFileKeys, formatBytes } from './firmware-format';
import '@resources/resources.css';
import './firmware.css';

/** Upload an image: the file, the version it brings, the vendor and model it is meant for; progress while it is sent. */
function UploadForm() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState('');
  const [vendor, setVendor] = useState('');
  const [model, setModel] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setError('Choose a firmware image.');
    if (!version.trim()) return setError('Give the firmware version.');
    setError(null);
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('version', version.trim());
    if (vendor.trim()) form.append('vendor', vendor.trim());
    if (model.trim()) form.append('model', model.trim());
    setProgress(0);
    try {
      const made = await apiUploadForm(firmwarePaths.files, form, firmwareFileViewSchema, setProgress);
      pushToast(`Firmware ${made.version} uploaded (${formatBytes(made.sizeBytes)}).`, 'success');
      setVersion('');
      setVendor('');
      setModel('');
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: firmwareFileKeys.all });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  return (
    <form className="firmware-upload" aria-labelledby="fw-upload-title" onSubmit={(e) => void submit(e)}>
      <h2 id="fw-upload-title">Upload an image</h2>
      <label className="ui-field">
        <span className="ui-field__label">Firmware image</span>
        <input ref={fileInput} className="ui-field__input" type="file" name="file" required disabled={busy} />
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Version</span>
        <input className="ui-field__input" name="version" value={version} maxLength={50} required disabled={busy} onChange={(e) => setVersion(e.target.value)} />
        <span className="ui-field__help">What the chargers report at boot once they run this image.</span>
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Vendor (optional)</span>
        <input className="ui-field__input" name="vendor" value={vendor} maxLength={20} disabled={busy} onChange={(e) => setVendor(e.target.value)} />
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Model (optional)</span>
        <input className="ui-field__input" name="model" value={model} maxLength={20} disabled={busy} onChange={(e) => setModel(e.target.value)} />
      </label>
      {busy ? (
        <label className="ui-field">
          <span className="ui-field__label">Sending the image: {Math.round(progress * 100)}%</span>
          <progress max={1} value={progress} />
        </label>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit" variant="primary" isDisabled={busy}>
        {busy ? 'Uploading…' : 'Upload'}
      </Button>
    </form>
  );
}

/** Firmware (Charger Management): the images staff uploaded, how many chargers run each version, and Upload. */
export function FirmwareFilesPage() {
  const allowed = useCan(FIRMWARE_PERMISSION);
  const files = useQuery({
    queryKey: firmwareFileKeys.files,
    queryFn: ({ signal }) => apiRequest(firmwarePaths.files, { schema: z.object({ items: z.array(firmwareFileViewSchema) }), signal }),
    enabled: allowed,
  });
  if (!allowed) return <NoAccess permission={FIRMWARE_PERMISSION} title="Firmware" />;
  return (
    <section className="page resource-page" aria-labelledby="fw-title">
      <header className="resource-page__header">
        <h1 id="fw-title">Firmware</h1>
      </header>
      <p>Firmware images chargers can be updated with: a charger downloads its image through a link of its own, reports each step, and restarts on the new version. Update a charger from its page (Firmware), or many at once with a firmware campaign.</p>
      <UploadForm />
      <h2>Images</h2>
      {files.isPending ? (
        <LoadingIndicator label="Loading the firmware images…" showLabel />
      ) : files.isError ? (
        <p role="alert">The firmware images could not be loaded: {errorMessage(files.error)}</p>
      ) : files.data.items.length === 0 ? (
        <p>No firmware image yet. Upload one above.</p>
      ) : (
        <ResultTable<FirmwareFileView>
          label="Firmware images"
          rows={files.data.items}
          rowKey={(f) => f.id}
          columns={[
            { id: 'version', header: 'Version', testId: 'fw-version', render: (f) => f.version },
            { id: 'name', header: 'File', render: (f) => f.name },
            { id: 'for', header: 'Vendor / model', render: (f) => (f.vendor || f.model ? [f.vendor ?? 'Any vendor', f.model ?? 'any model'].join(' / ') : 'Any charger') },
            { id: 'size', header: 'Size', render: (f) => formatBytes(f.sizeBytes) },
            { id: 'running', header: 'Chargers running it', render: (f) => f.chargersRunning.toLocaleString('en-IN') },
            { id: 'uploaded', header: 'Uploaded', render: (f) => `${formatDateTime(f.createdAt)}${f.uploadedByName ? ` by ${f.uploadedByName}` : ''}` },
            { id: 'sha', header: 'SHA-256', render: (f) => <code title={f.sha256}>{f.sha256.slice(0, 12)}…</code> },
          ]}
        />
      )}
    </section>
  );
}
