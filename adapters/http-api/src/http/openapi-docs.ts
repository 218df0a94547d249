import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';
import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ServerConfig } from '../composition/server-config.js';
import type { RouteBook } from './route.js';

/**
 * Whether the API document and its browsable page are served. A demo serves them to anyone, as a
 * developer expects; production serves neither unless API_DOCS=1, since the document lists every
 * route with the permission it needs, which helps nobody using the application and only helps
 * someone probing it. Unserved, both answer 404 like any unknown address.
 */
export function apiDocsServed(
  config: Pick<ServerConfig, 'production' | 'apiDocs'> | undefined,
): boolean {
  return config?.apiDocs ?? !config?.production;
}

/** The OpenAPI 3.1 document of every route the book registered. */
export function openApiDocument(
  book: RouteBook,
): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  return new OpenApiGeneratorV31(book.registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: '设计项目管理系统 API',
      version: '0.1.0',
      description:
        'Envelopes {code,msg,data}; lists {code,msg,total,rows}; errors carry the HTTP status in code.',
    },
    servers: [{ url: '/prod-api' }],
  });
}

const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/prod-api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
};
`;

/** `/openapi.json` and `/docs` (swagger-ui-dist served from node_modules: no CDN). */
export function docsRouter(book: RouteBook): Router {
  const router = express.Router();
  let cached: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    cached ??= JSON.stringify(openApiDocument(book));
    res.type('application/json').send(cached);
  });
  const require = createRequire(import.meta.url);
  const uiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/docs', (req, res, next) => {
    // Relative asset URLs need the trailing slash.
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, '/prod-api/docs/');
    next();
  });
  router.get('/docs/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(INITIALIZER);
  });
  router.use('/docs', express.static(uiDir, { index: 'index.html' }));
  return router;
}
