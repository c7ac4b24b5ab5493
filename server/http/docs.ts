// The API reference for developers and QA: /api/docs shows openapi.yaml in Swagger UI,
// and /api/openapi.yaml (/api/openapi.json) serves the contract itself.
//
// Swagger UI's files come from the installed @fastify/swagger-ui package (its `static/` folder),
// served from here: the page works offline and under the app's Content-Security-Policy
// (script-src 'self': no inline script, so the start-up code is a file of its own; the validator
// badge, which would load an image from a foreign host, is turned off). The plugin itself is not
// registered: its routes carry no `config.access`, and its own spec route would serve a document
// rebuilt by @fastify/swagger rather than the file the server validates with.
//
// These routes serve the contract, they are not calls of it: `contract: false` keeps the contract
// check (openapi.ts) from asking openapi.yaml to describe them.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { notFound } from './errors';
import { defaultOpenApiPath } from './openapi';

export const DOCS_PATH = '/api/docs';
export const SPEC_YAML_PATH = '/api/openapi.yaml';
export const SPEC_JSON_PATH = '/api/openapi.json';
const ASSETS_PATH = `${DOCS_PATH}/assets`;

const swaggerUiDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');

/** The only files served from Swagger UI's folder, with their content types. */
const packagedAssets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const START_SCRIPT = 'start.js';

const startScript = `// Starts Swagger UI on the contract (server/http/docs.ts).
window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '${SPEC_YAML_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Intake staff application API</title>
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui">
      <noscript>The reference needs JavaScript; the contract itself is at <a href="${SPEC_YAML_PATH}">${SPEC_YAML_PATH}</a>.</noscript>
    </div>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/${START_SCRIPT}"></script>
  </body>
</html>
`;

export interface ApiDocsOptions {
  /** The contract the server validates with; openapi.yaml of the project by default. */
  openApiFile?: string;
}

export async function apiDocsRoutes(app: FastifyInstance, { openApiFile = defaultOpenApiPath }: ApiDocsOptions): Promise<void> {
  const yamlText = await readFile(openApiFile, 'utf8');
  const jsonText = JSON.stringify(parse(yamlText));
  const config = { access: 'public', contract: false } as const;
  // The files change only with a deploy; a day of caching spares the 1.5 MB bundle on every visit.
  const assetCache = 'public, max-age=86400';

  app.get(DOCS_PATH, { config }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );

  app.get<{ Params: { file: string } }>(`${ASSETS_PATH}/:file`, { config }, async (request, reply) => {
    const { file } = request.params;
    if (file === START_SCRIPT) {
      return reply.type('application/javascript; charset=utf-8').header('cache-control', assetCache).send(startScript);
    }
    // Own properties only: the name comes from the URL.
    const type = Object.hasOwn(packagedAssets, file) ? packagedAssets[file] : undefined;
    if (!type) throw notFound();
    return reply
      .type(type)
      .header('cache-control', assetCache)
      .send(createReadStream(path.join(swaggerUiDir, file)));
  });

  app.get(SPEC_YAML_PATH, { config }, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').header('cache-control', 'no-cache').send(yamlText),
  );

  app.get(SPEC_JSON_PATH, { config }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(jsonText),
  );
}
