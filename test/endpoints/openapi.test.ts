import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileErrors, validate } from '@readme/openapi-parser';
import { listAssistantToolRoutes } from '../../packages/server/src/routes/assistant-tools.ts';
import { ROUTES } from '../../packages/server/src/routes/index.ts';
import { get, request } from '../helpers/app.ts';
import { createContract, type OpenApiDocument } from '../helpers/schema.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`openapi through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    async function getDocument(): Promise<OpenApiDocument> {
      return (await get(app, '/openapi.json')).body;
    }

    /** What @readme/openapi-parser finds wrong with `document`, as one readable string; empty when valid. */
    async function findProblems(document: OpenApiDocument): Promise<string> {
      // The parser dereferences in place: give it a copy.
      const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
      return result.valid ? '' : compileErrors(result);
    }

    describe('GET /openapi.json', () => {
      it('describes the service in OpenAPI 3.1 with version 1.2.0, at /api/v1 and at the site root alike', async () => {
        const document = await getDocument();
        assert.equal(document.openapi, '3.1.0');
        assert.equal((document.info as { version: string }).version, '1.2.0');
        const root = await request(app, '/openapi.json');
        assert.equal(root.status, 200);
        assert.deepEqual(root.body, document);
      });

      it('is a valid OpenAPI 3.1 document: the OAS schema and its rules (unique operationIds, declared path parameters)', async () => {
        assert.equal(await findProblems(await getDocument()), '');
      });

      it('would be reported invalid by that validator with a duplicate operationId or an undeclared path parameter', async () => {
        const document = await getDocument();
        const duplicate = structuredClone(document);
        (duplicate.paths['/stats']!.get as { operationId: string }).operationId = 'get_tags';
        assert.match(await findProblems(duplicate), /get_tags/);
        const undeclared = structuredClone(document);
        (undeclared.paths['/passage/{osis}']!.get as { parameters: unknown[] }).parameters = [];
        assert.notEqual(await findProblems(undeclared), '');
      });

      it('holds only JSON Schema 2020-12 that Ajv compiles in strict mode (components, parameters, headers)', async () => {
        const document = await getDocument();
        assert.doesNotThrow(() => createContract(document));
        const typo = structuredClone(document);
        typo.components.schemas.Tags = { ...typo.components.schemas.Tags, requried: ['tags'] };
        assert.throws(() => createContract(typo), /unknown keyword: "requried"/);
      });

      it('names every assistant tool as a GET operation, by its exact name', async () => {
        const document = await getDocument();
        const contract = createContract(document);
        const gets = new Set(contract.operations.filter((entry) => entry.method === 'GET').map((entry) => entry.operationId));
        const tools = listAssistantToolRoutes(ROUTES).map((route) => route.operationId);
        assert.deepEqual(tools.filter((name) => !gets.has(name)), [], 'every tool is the operationId of a GET operation');
        const spec = [
          'find_cross_references', 'find_places_near', 'get_changelog', 'get_connections', 'get_entity', 'get_family',
          'get_graph_neighborhood', 'get_interlinear', 'get_passage', 'get_stats', 'get_status', 'get_tags', 'get_vocabulary',
          'list_documents', 'search', 'search_scripture',
        ];
        assert.deepEqual(spec.filter((name) => !tools.includes(name)), [], 'the spec\'s tool names and the status are tools');
        for (const name of ['get_service_index', 'get_openapi', 'describe_webhooks', 'get_webhook', 'get_api_reference', 'post_mcp_message']) {
          assert.ok(!tools.includes(name), `${name} is not a tool`);
        }
      });

      it('is listed in the service index with the same tools, each at the method, path and summary of its operation', async () => {
        const document = await getDocument();
        const contract = createContract(document);
        const index = (await get(app, '/')).body;
        assert.deepEqual(index.tools.map((tool: { name: string }) => tool.name), listAssistantToolRoutes(ROUTES).map((route) => route.operationId));
        for (const tool of index.tools as Array<{ name: string; method: string; path: string; summary: string }>) {
          const operation = contract.operations.find((entry) => entry.operationId === tool.name);
          assert.ok(operation, tool.name);
          assert.deepEqual([tool.method, tool.path, tool.summary], [operation.method, operation.path, operation.operation.summary], tool.name);
        }
        assert.equal(index.openapi, '/api/v1/openapi.json');
        assert.equal(index.reference, '/api/v1/reference');
      });

      it('has exactly the operations the service index lists (a GET by its path, another method as `POST /path`)', async () => {
        const contract = createContract(await getDocument());
        const index = await get(app, '/');
        const operations = contract.operations.map((entry) => (entry.method === 'GET' ? entry.path : `${entry.method} ${entry.path}`));
        assert.deepEqual(operations.sort(), Object.keys(index.body.endpoints).sort());
      });

      it('checks bodies closed-world: a member the document does not describe is a failure', async () => {
        const contract = createContract(await getDocument());
        const summary = { id: '/people/isaac', title: 'Isaac', type: 'Person', degree: 3 };
        assert.deepEqual(contract.checkSchema('NodeSummary', summary), []);
        assert.match(contract.checkSchema('NodeSummary', { ...summary, colour: 'red' }).join('\n'), /additional properties.*colour/);
        assert.match(contract.checkSchema('NodeSummary', { ...summary, degree: 'three' }).join('\n'), /must be integer/);
      });
    });
  });
}
