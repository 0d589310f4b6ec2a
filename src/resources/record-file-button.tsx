import { useState } from 'react';
import type { RecordFile, Resource } from '@domain/resource/define-resource';
import { apiDownload, errorMessage } from '@data/api-client';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { GatedAction } from './gated-action';

/** Props of RecordFileButton. */
export interface RecordFileButtonProps {
  resource: Resource;
  file: RecordFile;
  id: string;
  /** Name the saved file gets when the server names none. */
  fallbackName: string;
}

/**
 * A file of a record (define-resource `files`, e.g. an invoice's PDF): a button for users holding its permission that
 * fetches the file with the session and lets the browser save it; busy while it comes, a toast when it fails.
 */
export function RecordFileButton({ resource, file, id, fallbackName }: RecordFileButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await apiDownload(`${resource.apiPath}/${encodeURIComponent(id)}/${file.path}`, fallbackName);
    } catch (error) {
      pushToast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <GatedAction permission={file.permission}>
      <Button onPress={() => void download()} isDisabled={busy} aria-busy={busy}>
        {busy ? 'Downloading…' : file.title}
      </Button>
    </GatedAction>
  );
}
