import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@domain/resource/define-resource';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { setRecordsActive, type BulkResult } from '@data/resource-api';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { pushToast } from '@state/toasts';

/** What the bulk bar acts on: the rows ticked, or every record matching the list's query. */
export type BulkTarget = { kind: 'ids'; ids: readonly string[] } | { kind: 'matching'; count: number; match: Record<string, string | string[]> };

/** Props of BulkBar. */
export interface BulkBarProps {
  resource: Resource;
  target: BulkTarget;
  /** Rows on this page, all ticked, and more records match: offer to take every matching record. */
  offerAllMatching?: { count: number; onSelect: () => void };
  onClear: () => void;
}

const plural = (resource: Resource, n: number) => `${n.toLocaleString('en-IN')} ${(n === 1 ? resource.title : resource.plural).toLowerCase()}`;

/** Says what a bulk change did, in one toast: changed, already so, and the first refusals with why. */
export function bulkSummary(resource: Resource, verb: string, result: BulkResult): string {
  const parts = [`${plural(resource, result.changed)} ${verb}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged.toLocaleString('en-IN')} already ${verb}`);
  if (result.refused.length > 0) {
    const first = result.refused.slice(0, 2).map((r) => `${r.id}: ${r.reason}`);
    parts.push(`${result.refused.length.toLocaleString('en-IN')} refused (${first.join('; ')}${result.refused.length > 2 ? '; …' : ''})`);
  }
  return `${parts.join(', ')}.`;
}

/**
 * The bar of a list's selection: how many are selected, "Select all N matching", the bulk actions (activate and
 * inactivate, behind a confirm that says how many), and Clear (Esc in the table does the same).
 */
export function BulkBar({ resource, target, offerAllMatching, onClear }: BulkBarProps) {
  const queryClient = useQueryClient();
  const count = target.kind === 'ids' ? target.ids.length : target.count;
  const what = target.kind === 'ids' ? plural(resource, count) : `all ${plural(resource, count)} matching this list`;
  const run = async (active: boolean) => {
    const verb = active ? 'activated' : 'inactivated';
    try {
      const result = await setRecordsActive(resource, target.kind === 'ids' ? { ids: [...target.ids] } : { match: target.match }, active);
      pushToast(bulkSummary(resource, verb, result), result.refused.length > 0 ? 'error' : 'success');
      onClear();
    } catch (error) {
      pushToast(errorMessage(error), 'error');
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all });
    }
  };
  return (
    <div className="bulk-bar" role="region" aria-label="Selection">
      <span className="bulk-bar__count" aria-live="polite">
        {target.kind === 'ids' ? `${count.toLocaleString('en-IN')} selected` : `All ${count.toLocaleString('en-IN')} matching selected`}
      </span>
      {offerAllMatching ? (
        <Button variant="secondary" size="sm" onPress={offerAllMatching.onSelect}>
          Select all {offerAllMatching.count.toLocaleString('en-IN')} matching
        </Button>
      ) : null}
      <ConfirmDialog
        title={`Activate ${what}?`}
        confirmLabel="Activate"
        confirmVariant="primary"
        onConfirm={() => run(true)}
        trigger={
          <Button variant="secondary" size="sm">
            Activate
          </Button>
        }
      >
        Each one is activated and its history records it. Those already active stay as they are.
      </ConfirmDialog>
      <ConfirmDialog
        title={`Inactivate ${what}?`}
        confirmLabel="Inactivate"
        onConfirm={() => run(false)}
        trigger={
          <Button variant="secondary" size="sm">
            Inactivate
          </Button>
        }
      >
        Each one is inactivated and its history records it; they can be activated again later.
      </ConfirmDialog>
      <Button variant="ghost" size="sm" onPress={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
