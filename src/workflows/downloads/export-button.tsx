import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { Link } from 'wouter';
import { DEFAULT_EXPORT_ROW_LIMIT } from '@domain/downloads';
import type { ListView, Resource } from '@domain/resource/define-resource';
import { errorMessage } from '@data/api-client';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { createDownload } from './download-api';
import { watchDownload } from './download-watch';
import './downloads.css';

/** Props of ExportButton. */
export interface ExportButtonProps {
  resource: Resource;
  view: ListView;
  /** The list's query string as the URL carries it (filters, search, sort). */
  search: string;
  /** Rows the list shows now (the dialog says how many the file will have). */
  count: number;
  countExact: boolean;
}

/**
 * "Export" on every list: makes a CSV or Excel file of exactly what the list shows (its filters, search and sort
 * from the URL), in the background; a toast says when it is ready. Refused with the server's words past the row limit.
 */
export function ExportButton({ resource, view, search, count, countExact }: ExportButtonProps) {
  return (
    <DialogTrigger>
      <Button variant="secondary">Export</Button>
      <ModalOverlay className="ui-modal-overlay" isDismissable>
        <Modal className="ui-modal">
          <Dialog className="ui-dialog">{({ close }) => <ExportForm resource={resource} view={view} search={search} count={count} countExact={countExact} close={close} />}</Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function ExportForm({ resource, view, search, count, countExact, close }: ExportButtonProps & { close: () => void }) {
  const [format, setFormat] = useState<'CSV' | 'XLSX'>('CSV');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const created = await createDownload({ resource: resource.name, ...(view.scope ? { scope: view.scope } : {}), query: search, format }, `${key}-${format}`);
      pushToast(`Export of ${view.title} started (download #${String(created.id)}). We will tell you when the file is ready.`);
      watchDownload(created);
      close();
    } catch (e) {
      setError(errorMessage(e));
      setPending(false);
    }
  };
  const rows = `${countExact ? '' : 'about '}${count.toLocaleString('en-IN')} ${count === 1 ? 'row' : 'rows'}`;
  return (
    <form
      className="export-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Heading slot="title">Export {view.title}</Heading>
      <p>
        The file will hold the {rows} this list shows now, with its filters, search and order. Large lists are made in the background: follow them in{' '}
        <Link href="/downloads-management/my-downloads" onClick={close}>
          My Downloads
        </Link>
        .
      </p>
      <RadioGroup value={format} onChange={(v) => setFormat(v as 'CSV' | 'XLSX')} className="export-form__formats">
        <Label>Format</Label>
        <Radio value="CSV">CSV (UTF-8, opens in Excel)</Radio>
        <Radio value="XLSX">Excel workbook (.xlsx)</Radio>
      </RadioGroup>
      {count > DEFAULT_EXPORT_ROW_LIMIT && countExact ? <p className="ui-field__description">Lists can have a row limit; the server says so if this one is over it.</p> : null}
      {error ? (
        <p role="alert" className="export-form__error">
          {error}
        </p>
      ) : null}
      <div className="export-form__actions">
        <Button variant="secondary" onPress={close} isDisabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={pending}>
          {pending ? 'Starting…' : 'Start export'}
        </Button>
      </div>
    </form>
  );
}
