import { pushToast } from '@state/toasts';
import { Button } from './button';
import './ui.css';

/** Props of PermissionBadge. */
export interface PermissionBadgeProps {
  /** The permission name shown and copied. */
  permission: string;
}

/** Toast texts of the copy action (exact product wording). */
export const PERMISSION_COPIED_MESSAGE = 'Permission copied to clipboard!';
export const COPY_FAILED_MESSAGE = "Couldn't copy data";

/** Copies text to the clipboard; rejects when the Clipboard API is missing or refuses. */
async function copyText(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) throw new Error('Clipboard is not available');
  await clipboard.writeText(text);
}

/** Copies a permission name and toasts the result (success, or "Couldn't copy data: <reason>"). */
export async function copyPermission(permission: string): Promise<boolean> {
  try {
    await copyText(permission);
    pushToast(PERMISSION_COPIED_MESSAGE, 'success');
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    pushToast(reason ? `${COPY_FAILED_MESSAGE}: ${reason}` : COPY_FAILED_MESSAGE, 'error');
    return false;
  }
}

function CopyIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** The permission name with a copy button (aria-label "Copy permission <name>"). */
export function PermissionBadge({ permission }: PermissionBadgeProps) {
  return (
    <span className="ui-permission-badge">
      <code className="ui-permission-badge__name">{permission}</code>
      <Button variant="ghost" size="sm" aria-label={`Copy permission ${permission}`} onPress={() => void copyPermission(permission)}>
        <CopyIcon />
      </Button>
    </span>
  );
}
