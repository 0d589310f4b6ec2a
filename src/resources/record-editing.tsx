import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiRecord } from '@data/resource-api';

/** What a record page's parts tell it: which edits are unsaved, and which writes are the user's own. */
export interface RecordEditing {
  /** Marks an edit (an open in-place editor, a dirty form) unsaved or not, by a key of the part's choosing. */
  setDirty(key: string, dirty: boolean): void;
  /** Runs the user's own write: the record changing meanwhile is their doing, not someone else's. */
  ownWrite<T>(work: () => Promise<T>): Promise<T>;
}

const RecordEditingContext = createContext<RecordEditing>({ setDirty: () => undefined, ownWrite: (work) => work() });

/** Provides a record page's editing state to its parts. */
export const RecordEditingProvider = RecordEditingContext.Provider;

/** The record page's editing state (outside a record page: no-ops). */
export function useRecordEditing(): RecordEditing {
  return useContext(RecordEditingContext);
}

/** Tells the record page this part holds an unsaved edit while `dirty` is true (and no longer once it unmounts). */
export function useUnsavedEdit(key: string, dirty: boolean): void {
  const { setDirty } = useRecordEditing();
  useEffect(() => {
    setDirty(key, dirty);
    return () => setDirty(key, false);
  }, [key, dirty, setDirty]);
}

/** What marks a new state of a record: its version when it has one, else its last update. */
const revisionOf = (record: ApiRecord): unknown => record.version ?? record.updatedAt;

/** The record a page shows, and whether a newer one waits behind the user's unsaved edit. */
export interface HeldRecord {
  shown: ApiRecord;
  /** True when someone else changed the record while the user had an unsaved edit. */
  changedElsewhere: boolean;
  /** Shows the newest record and drops the open edits (their parts remount under `editKey`). */
  reload(): void;
  /** Changes on reload: key the parts holding edits with it. */
  editKey: number;
  editing: RecordEditing;
}

/**
 * Holds the record on screen while the user edits it: a newer version from the live channel replaces it quietly,
 * unless the user has an unsaved edit and the change is not their own, in which case the page offers to reload.
 */
export function useHeldRecord(latest: ApiRecord): HeldRecord {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [ownWrites, setOwnWrites] = useState(0);
  const [shown, setShown] = useState(latest);
  const [seen, setSeen] = useState(latest);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [editKey, setEditKey] = useState(0);
  const dirty = dirtyKeys.size > 0;

  // Derived during render (React's "adjusting state when a prop changes"), so a replaced record is never painted.
  if (latest !== seen) {
    setSeen(latest);
    if (dirty && ownWrites === 0 && revisionOf(latest) !== revisionOf(shown)) setChangedElsewhere(true);
    else if (!changedElsewhere) setShown(latest);
  }
  // The edit was saved or given up: nothing left to protect, the newest record shows.
  if (changedElsewhere && !dirty) {
    setChangedElsewhere(false);
    setShown(latest);
  }

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const setDirty = useCallback((key: string, isDirty: boolean) => {
    setDirtyKeys((keys) => {
      if (keys.has(key) === isDirty) return keys;
      const next = new Set(keys);
      if (isDirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const ownWrite = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setOwnWrites((n) => n + 1);
    try {
      return await work();
    } finally {
      if (mounted.current) setOwnWrites((n) => n - 1);
    }
  }, []);
  const editing = useMemo(() => ({ setDirty, ownWrite }), [setDirty, ownWrite]);
  const reload = useCallback(() => {
    setShown(latest);
    setChangedElsewhere(false);
    setEditKey((k) => k + 1);
  }, [latest]);
  return { shown, changedElsewhere, reload, editKey, editing };
}
