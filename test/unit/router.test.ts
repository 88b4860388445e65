import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledRouteApp } from '../../packages/server/src/router.ts';

async function text(app: CompiledRouteApp, method: string, path: string): Promise<string> {
  const response = await app.fetch(new Request(`http://localhost${path}`, { method }));
  return `${response.status} ${method === 'HEAD' ? '' : await response.text()}`.trim();
}

describe('the compiled route table', () => {
  it('matches as h3 does: parameters, catch-all paths, precedence of the specific route, HEAD as GET, method routes', async () => {
    const app = new CompiledRouteApp();
    app.get('/api/v1/passage/:osis', (event) => `passage ${event.context.params?.osis}`);
    app.get('/api/v1/entity/**:path', (event) => `entity ${event.context.params?.path}`);
    app.get('/api/v1/entity/people/special', () => 'special');
    app.post('/api/v1/webhooks', () => 'posted');
    app.all('/**', () => 'fallback');
    assert.equal(await text(app, 'GET', '/api/v1/passage/John.3.16'), '200 passage John.3.16');
    assert.equal(await text(app, 'GET', '/api/v1/entity/people/david'), '200 entity people/david');
    assert.equal(await text(app, 'GET', '/api/v1/entity/people/special'), '200 special');
    assert.equal(await text(app, 'HEAD', '/api/v1/passage/John.3.16'), '200');
    assert.equal(await text(app, 'POST', '/api/v1/webhooks'), '200 posted');
    assert.equal(await text(app, 'GET', '/api/v1/webhooks'), '200 fallback');
    assert.equal(await text(app, 'GET', '/elsewhere'), '200 fallback');
  });

  it('sees a route added after it has answered (the table is compiled again)', async () => {
    const app = new CompiledRouteApp();
    app.all('/**', () => 'fallback');
    assert.equal(await text(app, 'GET', '/late'), '200 fallback');
    app.get('/late', () => 'late');
    assert.equal(await text(app, 'GET', '/late'), '200 late');
  });
});
