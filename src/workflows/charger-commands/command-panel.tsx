import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link } from 'wouter';
import { chargerCommandAnchors } from '@commands/charger-commands';
import { ocppCommandActions, type ChargerLive, type OcppCommandAction } from '@domain/ocpp';
import { useSession } from '@app/session/session-context';
import { queryKeys } from '@data/query-keys';
import { Button } from '@ui/button';
import { usePageAnchor } from '@workflows/charger-live/use-page-anchor';
import { CommandDialog, sendToCharger } from './command-dialog';
import { commandForms, connectorName, isCustomerSession, maySend, type CommandContext } from './command-forms';
import { ConfigurationTable } from './configuration-table';
import './charger-commands.css';

/** The commands shown as buttons; the others are behind "More commands". */
const primary: readonly OcppCommandAction[] = ['Reset', 'ChangeAvailability'];
/** The commands behind "More commands", in the order they are listed. */
const more: readonly OcppCommandAction[] = ocppCommandActions.filter((a) => !primary.includes(a) && a !== 'GetConfiguration');

/** The anchors of the commands, each opening its form (the palette's "Change availability…" opens the page at one). */
const commandAnchors = ocppCommandActions.map((a) => chargerCommandAnchors[a]);

/**
 * The command panel of an OCPP charger's page (staff who may send commands): Reset and Change availability as
 * buttons, Read configuration (the charger's keys as a table, editable in place), the other commands behind "More
 * commands", each in its form; the answer is said in a toast and lands in the Commands table below. Offline, every
 * command is still offered, and the server refuses it in words (nothing sent).
 */
export function CommandPanel({ live }: { live: ChargerLive }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [open, setOpen] = useState<OcppCommandAction | undefined>(undefined);
  const [showConfiguration, setShowConfiguration] = useState(false);
  const resetRef = useRef<HTMLButtonElement>(null);
  // Opened at a command's anchor, or the fragment moved on the page on screen: its form opens (Read configuration its
  // table); a command this user may not send opens nothing.
  usePageAnchor(commandAnchors, (anchor) => {
    const action = ocppCommandActions.find((a) => chargerCommandAnchors[a] === anchor);
    if (action === 'GetConfiguration') setShowConfiguration(true);
    else if (action && maySend(action, user.permissions)) setOpen(action);
    else if (action === 'Reset') resetRef.current?.focus();
  });
  // Reset's form closed (the palette's "Reset…" opened it): its button has the focus.
  useEffect(() => {
    if (window.location.hash.slice(1) === chargerCommandAnchors.Reset && !open) resetRef.current?.focus();
  }, [open]);
  const ctx: CommandContext = { connectorIds: live.connectors.map((k) => k.connectorId), sessions: live.sessions, bulk: false };
  const customers = live.sessions.filter(isCustomerSession);
  const form = open ? commandForms[open] : undefined;
  return (
    <div className="command-panel" role="group" aria-label="Send a command">
      <div className="command-panel__buttons">
        {primary.map((action) => (
          <Button key={action} ref={action === 'Reset' ? resetRef : undefined} id={chargerCommandAnchors[action]} variant="secondary" onPress={() => setOpen(action)}>
            {commandForms[action].label}
          </Button>
        ))}
        <Button variant="secondary" id={chargerCommandAnchors.GetConfiguration} onPress={() => setShowConfiguration(true)} isDisabled={showConfiguration}>
          Read configuration
        </Button>
        <MenuTrigger>
          <AriaButton className="ui-button ui-button--secondary ui-button--md">More commands ▾</AriaButton>
          <Popover placement="bottom end" className="command-panel__popover">
            <Menu className="command-panel__menu" aria-label="More commands" onAction={(key) => setOpen(key as OcppCommandAction)}>
              {more.filter((action) => maySend(action, user.permissions)).map((action) => (
                <MenuItem key={action} id={action} className="command-panel__item">
                  {commandForms[action].label}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      {showConfiguration ? <ConfigurationTable chargerId={live.chargerId} onClose={() => setShowConfiguration(false)} /> : null}
      {form ? (
        <CommandDialog
          form={form}
          ctx={ctx}
          target={live.uniqueId}
          note={
            open === 'RemoteStopTransaction' || open === 'SetChargingProfile' || open === 'ClearChargingProfile' ? (
              customers.length > 0 ? (
                <p>
                  A customer’s session is not stopped or limited here: it stops from its booking (
                  {customers.map((s, i) => (
                    <span key={s.transactionId}>
                      {i > 0 ? ', ' : ''}
                      <Link href={`/booking-management/all-bookings/bookings/${s.bookingId}`}>booking #{s.bookingId}</Link> on {connectorName(s.connectorId).toLowerCase()}
                    </span>
                  ))}
                  ), with its Stop charging and a reason.
                </p>
              ) : live.sessions.length === 0 ? (
                <p>No session is running on this charger.</p>
              ) : null
            ) : null
          }
          send={async (command) => {
            await sendToCharger(live.chargerId, command, form.label.replace(/…$/, ''));
            void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(live.chargerId).all });
          }}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </div>
  );
}
