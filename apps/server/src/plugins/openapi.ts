/**
 * The OpenAPI document (generated from the routes' zod schemas, completed by the contract of
 * ADR 014) at /v1/openapi.json, and its reference page at /v1/docs for signed-in accounts.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { clampIntegers } from './input-guard.ts';
import { applyContract, type AreaContract, type OpenApiDocument, type RouteFacts } from './openapi-contract.ts';
import type { Access } from './route-config.ts';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';

export const DOCS_PREFIX = '/v1/docs';

/** The worked example for agents' systems, shown at the top of the reference page. */
function guide(config: Config): string {
  const base = config.publicUrl;
  return `The booking API of the Sagano scenic railway's group desk, for travel agents' own systems and the operator's back office.
JSON both ways, field names in snake_case, dates \`yyyy-MM-dd\` (${OPERATOR_TIME_ZONE} calendar days), times \`HH:mm\`.
Amounts (\`*_amount\`, \`unit_price\`, \`cancellation_fee\`…) are integers in millionths of a yen: ¥800 is \`800000000\`.
Every answer that is not 2xx has the body \`{"common": {"error_code", "error_description", "field"?}}\`; the codes are listed under each call.

## Calling from your system with an API key

An administrator of your agent creates an API key in the agent portal (it is shown once). The key
acts as staff of the branch it was made for, reaches only what agent staff may call, and is rate
limited per key (\`429 RATE_LIMITED\`: wait the seconds its \`Retry-After\` header says, then retry). Send it on every call:

\`\`\`
Authorization: Bearer <key>
\`\`\`

**1. Ask for the price** (\`bookings.calculateAmount\`, nothing is written):

\`\`\`
curl -X POST ${base}/v1/bookings/calculate_amount \\
  -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -d '{"group_type":"NORMAL","service_days":["2027-06-10"],
       "participant_group":{"unit_quantity_items":[{"unit_id":1,"quantity":25}]}}'
\`\`\`

**2. Submit the booking request** (\`bookings.submit\`) with your own reference in
\`external_idempotent_id\`: sending the same request again (after a timeout, say) answers the
booking made the first time instead of a second booking.

\`\`\`
curl -X POST ${base}/v1/bookings \\
  -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -d '{"agent_id":1,"external_idempotent_id":"TRV-2027-000123",
       "applicant":{"name":"Makoto Ito","email":"ito.groups@example.com","phone_number":"03-0000-0000"},
       "group":{"group_type":"NORMAL","name":"Aoba Club","country_code":"JPN"},
       "service_order":{"down_service":{"service_date":"2027-06-10","service_id":1,"from_station_id":1,"to_station_id":4}},
       "participant_group":{"unit_quantity_items":[{"unit_id":1,"quantity":25}]}}'
# → {"booking_id":"15189260"}
\`\`\`

**3. Poll the booking** (\`bookings.get\`) until the operator has answered: \`status\` moves from
\`SUBMITTED\` to \`RESERVED\` (confirmed) or \`NOT_RESERVED\` (refused); the \`can_*\` flags say which steps you may take now
(\`can_cancel\`, \`can_update\`…). Poll every few minutes, not faster.

\`\`\`
curl ${base}/v1/bookings/15189260 -H "Authorization: Bearer $KEY"
\`\`\`

Another agent's booking answers \`404\`, exactly as a booking that does not exist.`;
}

/**
 * Registers the document generator. Call before any route, so every route is seen; the
 * reference page is added by `openapiDocsRoutes` once the auth hook is in place.
 */
export async function registerOpenapi(app: FastifyInstance, config: Config, areas: readonly AreaContract[]) {
  const routes = new Map<string, RouteFacts>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sagano group booking API',
        version: '1.0.0',
        description: guide(config),
        contact: { name: config.apiContact.name, email: config.apiContact.email, ...(config.apiContact.url ? { url: config.apiContact.url } : {}) },
        license: { name: config.apiLicense.name, url: config.apiLicense.url },
      },
      servers: [{ url: config.publicUrl, description: 'This installation' }],
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const { body, querystring, params } = transformed.schema as Record<string, unknown>;
      for (const part of [body, querystring, params]) clampIntegers(part);
      const route = document.route as RouteOptions & { config?: { access?: Access; operation?: string; rateLimit?: unknown; operationLog?: boolean; bookingToken?: boolean } };
      const path = document.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        routes.set(`${method} ${path}`, {
          access: route.config?.access ?? (path.startsWith('/v1/') ? 'backOffice' : 'public'),
          bookingToken: route.config?.bookingToken === true,
          rateLimited: route.config?.rateLimit !== undefined,
          operation: route.config?.operation,
        });
      }
      return transformed;
    },
    transformObject: (generated) => ('openapiObject' in generated ? applyContract(generated.openapiObject as unknown as OpenApiDocument, areas, routes) : generated.swaggerObject) as never,
  });
}

/** The document and its reference page (assets served by the app itself: it works offline). */
export async function openapiDocsRoutes(app: FastifyInstance) {
  app.get('/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  // Signed-in accounts only: app.ts gives these routes `access: 'authenticated'` as they are added.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false,
    // No address bar to explore other documents: this page shows this installation's contract.
    theme: { title: 'Sagano group booking API', css: [{ filename: 'sagano.css', content: '.swagger-ui .topbar { display: none }' }] },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false, validatorUrl: null },
  });
}
