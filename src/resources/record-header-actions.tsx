import { useState, type ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Button } from '@ui/button';
import { useSession } from '@app/session/session-context';
import { hasPermission, type Permission } from '@domain/permissions';
import { GatedAction } from './gated-action';
import './record-header-actions.css';

/** One action of a record's header: a button on the header, or an item of its More menu. */
export interface HeaderAction {
  key: string;
  label: string;
  /** Permission it needs (null: any signed-in user): without it the action is not offered. */
  permission: Permission | null;
  /** What cannot be undone (red): always in the More menu, apart from the rest, never first. */
  danger?: boolean;
  /** The record's main next step: a button on the header. */
  primary?: boolean;
  /** Runs at once (Edit opens the form)… */
  onPress?: () => void;
  /** …or opens this dialog, closed by calling `close`. */
  dialog?: (close: () => void) => ReactNode;
}

/** Buttons a header shows beside the primary ones before the rest go behind More. */
const SHOWN = 3;

/**
 * The actions of a record's header, grouped: the primary ones and the first few others as buttons, the rest behind a
 * More menu (keyboard operable), where what cannot be undone comes last, in a section of its own. `leading` (a
 * feature's own buttons, file downloads) shows as it is, before them. Every record page builds its header with it.
 */
export function RecordHeaderActions({ actions, leading }: { actions: readonly HeaderAction[]; leading?: ReactNode }) {
  const { user } = useSession();
  const [open, setOpen] = useState<string>();
  const allowed = actions.filter((a) => a.permission === null || hasPermission(user.permissions, a.permission));
  const safe = allowed.filter((a) => !a.danger);
  const primary = safe.filter((a) => a.primary);
  const shown = [...primary, ...safe.filter((a) => !a.primary).slice(0, Math.max(0, SHOWN - primary.length))];
  const more = safe.filter((a) => !shown.includes(a));
  const danger = allowed.filter((a) => a.danger);
  const run = (action: HeaderAction) => (action.dialog ? setOpen(action.key) : action.onPress?.());
  const opened = allowed.find((a) => a.key === open);
  return (
    <div className="resource-page__actions">
      {leading}
      {shown.map((action) => (
        <GatedAction key={action.key} permission={action.permission}>
          <Button variant={action.primary ? 'primary' : 'secondary'} onPress={() => run(action)}>
            {action.label}
          </Button>
        </GatedAction>
      ))}
      {more.length + danger.length > 0 ? (
        <MenuTrigger>
          <AriaButton className="ui-button ui-button--secondary ui-button--md record-actions__more">More</AriaButton>
          <Popover placement="bottom end" className="record-actions__popover">
            <Menu className="record-actions__menu" onAction={(key) => run(allowed.find((a) => a.key === key)!)}>
              {more.length > 0 ? (
                <MenuSection className="record-actions__section">
                  {more.map((action) => (
                    <MenuItem key={action.key} id={action.key} className="record-actions__item">
                      {action.label}
                    </MenuItem>
                  ))}
                </MenuSection>
              ) : null}
              {more.length > 0 && danger.length > 0 ? <Separator className="record-actions__separator" /> : null}
              {danger.length > 0 ? (
                <MenuSection className="record-actions__section" aria-label="Cannot be undone">
                  {danger.map((action) => (
                    <MenuItem key={action.key} id={action.key} className="record-actions__item record-actions__item--danger">
                      {action.label}
                    </MenuItem>
                  ))}
                </MenuSection>
              ) : null}
            </Menu>
          </Popover>
        </MenuTrigger>
      ) : null}
      {opened?.dialog ? opened.dialog(() => setOpen(undefined)) : null}
    </div>
  );
}
