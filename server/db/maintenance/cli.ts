// `npm run db:backup`, `npm run db:restore -- <file>`, `npm run db:move -- --to postgres://…` (see commands.ts and
// docs/production.md, Backups, restore and moving to PostgreSQL).
import { backupCommand, moveCommand, restoreCommand } from './commands';

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<number>> = { backup: backupCommand, restore: restoreCommand, move: moveCommand };
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`Unknown database command ${command ?? '(none)'}: use backup, restore or move.`);
  process.exit(1);
}
process.exit(await run(args));
