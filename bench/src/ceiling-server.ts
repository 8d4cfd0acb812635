/**
 * The framework's ceiling: a bare Fastify server (no plugins, no database) whose routes return
 * the very JSON bodies the real endpoints returned, parsed and serialised again on each
 * request. Whatever the real app does beyond that is the cost of the product.
 *
 *   CEILING_PAYLOADS=<file of { name: body }> PORT=… tsx bench/src/ceiling-server.ts
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const payloads = JSON.parse(fs.readFileSync(process.env.CEILING_PAYLOADS!, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));
for (const [name, body] of Object.entries(payloads)) {
  const parsed: unknown = JSON.parse(body);
  app.get(`/c/${name}`, async () => parsed);
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
