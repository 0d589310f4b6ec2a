// `npx tsx scripts/heap-summary.ts <a.heapsnapshot> [<b.heapsnapshot> --per <chargers in b minus chargers in a>] [--top 30] [--retainers 8]`
//
// What a V8 heap snapshot (node --heapsnapshot-signal, v8.writeHeapSnapshot) holds, by constructor: objects by their
// class name, closures by their function's name, strings, arrays, compiled code and the rest by their kind. Each row
// gives the count and the self size (what the objects themselves take, not what they keep alive). With two snapshots
// of one process (say at 1,000 and at 5,000 chargers) it prints the growth between them, and with --per the growth per
// unit (per charger): what each further charger costs. --retainers N lists, for the N groups that grew the most, what
// holds them (the retaining object's constructor and the edge's name), to find who keeps them.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, retainers: { type: 'string', default: '8' }, per: { type: 'string' } },
});
if (positionals.length < 1 || positionals.length > 2) throw new Error('usage: heap-summary.ts <a.heapsnapshot> [<b.heapsnapshot> --per <n>]');

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Summary {
  groups: Map<string, { count: number; size: number }>;
  total: number;
  /** Group of each node (by node index), and the reading to find retainers. */
  groupOf: string[];
  snapshot: Snapshot;
}

/** The group a node belongs to: its constructor (objects), its name (closures), else its kind. */
function summarize(file: string): Summary {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const kinds = types[0];
  const groups = new Map<string, { count: number; size: number }>();
  const groupOf: string[] = [];
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const kind = kinds[snapshot.nodes[i + typeAt]!]!;
    const name = snapshot.strings[snapshot.nodes[i + nameAt]!]!;
    const group =
      kind === 'object' ? name
      : kind === 'closure' ? `(closure) ${name || '(anonymous)'}`
      : kind === 'native' ? `(native) ${name.slice(0, 60)}`
      : kind === 'hidden' || kind === 'synthetic' ? `(${kind}) ${name.slice(0, 60)}`
      : `(${kind})`;
    const size = snapshot.nodes[i + sizeAt]!;
    const g = groups.get(group) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += size;
    groups.set(group, g);
    groupOf.push(group);
    total += size;
  }
  return { groups, total, groupOf, snapshot };
}

/** What holds the nodes of `group`: the retaining node's group and the edge's name, by the count of such edges. */
function retainersOf(summary: Summary, group: string, limit = 6): string[] {
  const { snapshot, groupOf } = summary;
  const { node_fields: nodeFields, edge_fields: edgeFields, edge_types: edgeTypes } = snapshot.snapshot.meta;
  const nodeWidth = nodeFields.length;
  const edgeWidth = edgeFields.length;
  const edgeCountAt = nodeFields.indexOf('edge_count');
  const edgeTypeAt = edgeFields.indexOf('type');
  const edgeNameAt = edgeFields.indexOf('name_or_index');
  const toAt = edgeFields.indexOf('to_node');
  const edgeKinds = edgeTypes[0];
  const counts = new Map<string, number>();
  let edge = 0;
  for (let n = 0; n < groupOf.length; n++) {
    const edges = snapshot.nodes[n * nodeWidth + edgeCountAt]!;
    for (let e = 0; e < edges; e++, edge += edgeWidth) {
      const kind = edgeKinds[snapshot.edges[edge + edgeTypeAt]!]!;
      if (kind === 'weak' || kind === 'shortcut') continue;
      const target = snapshot.edges[edge + toAt]! / nodeWidth;
      if (groupOf[target] !== group) continue;
      const nameOrIndex = snapshot.edges[edge + edgeNameAt]!;
      const edgeName = kind === 'element' || kind === 'hidden' ? `[${kind}]` : String(snapshot.strings[nameOrIndex]).slice(0, 40);
      const key = `${groupOf[n]} .${edgeName}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([key, n]) => `${n} × ${key}`);
}

const top = Number(values.top);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
const a = summarize(positionals[0]!);
if (positionals.length === 1) {
  console.log(`${positionals[0]}: ${mb(a.total)} in ${a.groupOf.length} objects`);
  for (const [group, g] of [...a.groups].sort((x, y) => y[1].size - x[1].size).slice(0, top)) {
    console.log(`${mb(g.size).padStart(10)} ${String(g.count).padStart(9)}  ${group}`);
  }
} else {
  const b = summarize(positionals[1]!);
  const per = values.per ? Number(values.per) : 1;
  console.log(`${positionals[0]}: ${mb(a.total)}; ${positionals[1]}: ${mb(b.total)}; growth ${mb(b.total - a.total)}${values.per ? `, ${kb((b.total - a.total) / per)} per unit (${per} units)` : ''}`);
  const rows = [...new Set([...a.groups.keys(), ...b.groups.keys()])]
    .map((group) => {
      const x = a.groups.get(group) ?? { count: 0, size: 0 };
      const y = b.groups.get(group) ?? { count: 0, size: 0 };
      return { group, size: y.size - x.size, count: y.count - x.count };
    })
    .sort((x, y) => y.size - x.size);
  console.log(`${'growth'.padStart(10)} ${'per unit'.padStart(10)} ${'objects'.padStart(9)} ${'per unit'.padStart(8)}  group`);
  for (const r of rows.slice(0, top)) {
    console.log(`${mb(r.size).padStart(10)} ${(r.size / per).toFixed(0).padStart(9)}B ${String(r.count).padStart(9)} ${(r.count / per).toFixed(1).padStart(8)}  ${r.group}`);
  }
  for (const r of rows.slice(0, Number(values.retainers))) {
    console.log(`\n${r.group}: held by (in the second snapshot)`);
    for (const line of retainersOf(b, r.group)) console.log(`  ${line}`);
  }
}
