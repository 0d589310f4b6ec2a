// `npm run staff:first-admin -- --mobile <number> --name "<name>"`: the first staff member of a new database (see
// first-admin.ts and docs/production.md, Install and start).
import { firstAdminCommand } from './first-admin';

process.exit(await firstAdminCommand(process.argv.slice(2)));
