// Labels of permissions for people: "View all CZO users" for ROLE_VIEW_ALL_CZO_USERS. The catalogue
// (permissions.ts) names permissions by code only; the label is derived from the code, so a new permission has a
// readable label without a second list to keep in step.
import type { Permission } from './permissions';

/** Words written in capitals in labels (abbreviations and names). */
const ACRONYMS = new Set(['CZO', 'CPO', 'QR', 'RFID', 'SIM', 'SMS', 'ID', 'OCPP', 'OTP']);

/** Words shown differently from their lower-case form. */
const SPECIAL: Readonly<Record<string, string>> = { WHATSAPP: 'WhatsApp', UP: 'up', ON: 'on', OFF: 'off' };

/** The label of a permission: the code without ROLE_, in sentence case, abbreviations kept ("Update QR code"). */
export function permissionLabel(permission: Permission | string): string {
  const words = permission.replace(/^ROLE_/, '').split('_').filter(Boolean);
  const text = words
    .map((word, index) => {
      if (ACRONYMS.has(word)) return word;
      const special = SPECIAL[word];
      if (special) return special;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
  return text || permission;
}

/** What a change of a permission set adds and removes, each sorted by label. */
export function permissionChanges(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  const byLabel = (a: string, b: string) => permissionLabel(a).localeCompare(permissionLabel(b));
  return { added: [...now].filter((p) => !was.has(p)).sort(byLabel), removed: [...was].filter((p) => !now.has(p)).sort(byLabel) };
}
