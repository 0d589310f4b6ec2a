// drizzle-kit: `npm run db:generate` writes SQL migrations for server/db/schema.ts into server/db/migrations.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/tables/*.ts'],
  out: './server/db/migrations',
});
