import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @pantau/server` writes SQL migrations; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
