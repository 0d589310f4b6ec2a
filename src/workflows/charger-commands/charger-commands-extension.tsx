import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { EXECUTE_COMMAND_PERMISSION } from '@commands/charger-commands';
import { MAX_COMMAND_CHARGERS, ocppCommandActions, ocppPaths, sendCommandAnswerSchema, type OcppCommand, type OcppCommandAction } from '@domain/ocpp';
import { commandBatchPath } from '@domain/ocpp-batches';
import { chargerResource } from '@domain/resources/chargers/charger';
import { useSession } from '@app/session/session-context';
import { apiRequest } from '@data/api-client';
import { fetchList, type BulkRequestTarget } from '@data/resource-api';
import { listParamsFromSearch } from '@domain/resource/list-query';
import type { BulkActionProps, ResourceExtension } from '@resources/resource-extension';
import { CommandDialog, CommandRefusal } from './command-dialog';
import { commandForms, maySend, type CommandContext } from './command-forms';
import './charger-commands.css';

/** The commands that make sense for many chargers at once (no session or card of one charger to name). */
const bulkCommands: readonly OcppCommandAction[] = ocppCommandActions.filter((a) => commandForms[a].bulk);

/** The ids a bulk target names: the ticked rows, or every charger matching the list (refused past the API's limit). */
export async function chargerIdsOf(target: BulkRequestTarget): Promise<number[]> {
  if ('ids' in target) return target.ids.map(Number);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(target.match)) for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  const scope = search.get('scope') ?? undefined;
  const params = listParamsFromSearch(chargerResource, search.toString(), scope);
  const page = await fetchList(chargerResource, { ...params, page: 0, size: MAX_COMMAND_CHARGERS });
  if (page.count > MAX_COMMAND_CHARGERS) {
    throw new CommandRefusal(
      `At most ${MAX_COMMAND_CHARGERS} chargers take a command at once, and ${page.count.toLocaleString('en-IN')} match this list: narrow the filter, or select the chargers.`,
    );
  }
  return page.items.map((r) => Number(r.id));
}

/**
 * "Send command…" on the chargers' lists: a command chosen from a menu, its form (the charger page's, for many
 * chargers), then the batch goes out and the console opens its results page (one row per charger, live).
 */
function SendCommandBulk({ what, target }: BulkActionProps) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { user } = useSession();
  const [open, setOpen] = useState<OcppCommandAction>();
  const ctx: CommandContext = { connectorIds: [], sessions: [], bulk: true };
  const send = async (command: OcppCommand) => {
    const chargerIds = await chargerIdsOf(target);
    if (chargerIds.length === 0) throw new CommandRefusal('No charger matches this list any more.');
    const answer = await apiRequest(ocppPaths.command, { body: { chargerIds, command }, schema: sendCommandAnswerSchema });
    // The results page links back to this list as it is (its filters and search).
    navigate(`${commandBatchPath(answer.batchId)}?back=${encodeURIComponent(`${location}${search ? `?${search}` : ''}`)}`);
  };
  const form = open ? commandForms[open] : undefined;
  return (
    <>
      <MenuTrigger>
        <AriaButton className="ui-button ui-button--secondary ui-button--sm">Send command…</AriaButton>
        <Popover placement="bottom start" className="command-panel__popover">
          <Menu className="command-panel__menu" aria-label="Command to send" onAction={(key) => setOpen(key as OcppCommandAction)}>
            {bulkCommands.filter((action) => maySend(action, user.permissions)).map((action) => (
              <MenuItem key={action} id={action} className="command-panel__item">
                {commandForms[action].label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {form ? (
        <CommandDialog
          form={form}
          ctx={ctx}
          target={what}
          send={send}
          onClose={() => setOpen(undefined)}
          note={
            <p>
              Each charger gets its own record and answer; one that is offline or does not speak OCPP is refused with why, without holding back the others. At most{' '}
              {MAX_COMMAND_CHARGERS} chargers at once. The results open once it is sent.
            </p>
          }
        />
      ) : null}
    </>
  );
}

/** Commands to many chargers at once from the chargers' lists (All Stations, Active Stations). */
export const chargerCommandsExtension: ResourceExtension = {
  feature: 'charger-commands',
  appliesTo: (resource) => resource.name === chargerResource.name,
  list: { bulkActions: [{ id: 'send-command', permission: EXECUTE_COMMAND_PERMISSION, component: SendCommandBulk }] },
};
