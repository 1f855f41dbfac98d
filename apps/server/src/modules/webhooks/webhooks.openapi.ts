/** The contract of the webhook calls (ADR 014, ADR 038): operationIds, summaries, business errors. */
import { WEBHOOK_EVENT_TYPES } from '@sagano/domain/webhooks/webhook-schemas';
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

const ENDPOINT = {
  id: 4,
  url: 'https://booking.sakura-travel.example/hooks/sagano',
  description: 'Booking engine (production)',
  events: ['booking.confirmed', 'booking.refused', 'payment.received'],
  branch_id: null,
  branch_name: null,
  enabled: true,
  created_by: 'admin@sakura-travel.example',
  created_at: '2027-05-01T01:00:00.000Z',
  secret_rotated_at: '2027-05-01T01:00:00.000Z',
};

const DELIVERY = {
  id: 120,
  endpoint_id: 4,
  message_id: 'msg_0b1c6f0e3f2a4d7c9e8b5a4f3e2d1c0b',
  event_type: 'booking.confirmed',
  booking_id: '48213377',
  payload: { type: 'booking.confirmed', timestamp: '2027-06-10T02:15:00.000Z', data: { booking_id: '48213377', status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', revision: 3 } },
  status: 'DELIVERED',
  attempts: 1,
  next_attempt_at: null,
  last_attempt_at: '2027-06-10T02:15:01.000Z',
  last_response_code: 200,
  last_error: null,
  delivered_at: '2027-06-10T02:15:01.000Z',
  created_at: '2027-06-10T02:15:00.000Z',
};

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MANAGERS = 'Only the agent\'s administrators (head-office administrators) may call this; branch administrators, staff, the operator\'s accounts and API keys are refused (403). Another agent\'s endpoint answers 404.';
const ADDRESS = 'The address must be `https://` to a public host: a name resolving to a private, loopback, link-local, carrier-grade NAT, multicast or reserved address is refused with `400 VALIDATION_FAILED` naming `url`, and the address is checked again at every delivery.';

export const webhooksContract: AreaContract[] = [defineArea('webhooks', `Events sent to an agent's own system as they happen (issue 37). Each delivery is a \`POST\` of JSON \`{type, timestamp, data: {booking_id, status, sub_status, revision, …}}\` signed as the Standard Webhooks specification says: headers \`webhook-id\` (the message id, the same on every attempt), \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\` (\`v1,\` and the base64 HMAC-SHA256 of \`<id>.<timestamp>.<body>\` under the endpoint's secret \`whsec_…\`). A 2xx answer within 10 s delivers it; anything else (a redirect too: redirects are not followed) is tried again after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then marked FAILED. Events: ${WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ')}; \`payment.*\` events carry \`data.payment\`.`, {
  'GET /v1/webhook-endpoints': {
    id: 'webhooks.listEndpoints',
    summary: 'List the agent\'s webhook endpoints',
    description: `The agent's endpoints, without their secrets. ${MANAGERS}`,
    examples: { response: { webhook_endpoints: [ENDPOINT] } },
  },
  'POST /v1/webhook-endpoints': {
    id: 'webhooks.createEndpoint',
    summary: 'Register a webhook endpoint',
    description: `Registers an address for the chosen events, for every booking of the agent or (\`branch_id\`) one branch's only. The answer is the only place the signing secret (\`secret\`) appears: store it then. ${ADDRESS} ${MANAGERS}`,
    examples: { request: { url: ENDPOINT.url, events: ENDPOINT.events, description: ENDPOINT.description }, response: { ...ENDPOINT, secret: SECRET } },
  },
  'PUT /v1/webhook-endpoints/{id}': {
    id: 'webhooks.updateEndpoint',
    summary: 'Change a webhook endpoint',
    description: `Changes the address, the events, the branch, the description or whether it is switched on (\`enabled\`); fields left out stay. A delivery due to a switched-off endpoint is not sent (FAILED). ${ADDRESS} ${MANAGERS}`,
    examples: { request: { enabled: false }, response: { ...ENDPOINT, enabled: false } },
  },
  'DELETE /v1/webhook-endpoints/{id}': {
    id: 'webhooks.deleteEndpoint',
    summary: 'Delete a webhook endpoint',
    description: `Deletes the endpoint and its delivery log; deliveries not yet made are not made. ${MANAGERS}`,
    examples: { response: ENDPOINT },
  },
  'POST /v1/webhook-endpoints/{id}/rotate-secret': {
    id: 'webhooks.rotateSecret',
    summary: 'Rotate an endpoint\'s signing secret',
    description: `A new secret at once: every attempt from now on, retries of earlier events included, is signed with it. The answer is the only place it appears. ${MANAGERS}`,
    examples: { response: { ...ENDPOINT, secret_rotated_at: '2027-06-10T02:15:00.000Z', secret: SECRET } },
  },
  'POST /v1/webhook-endpoints/{id}/test': {
    id: 'webhooks.sendTest',
    summary: 'Send a test event',
    description: `Delivers a \`webhook.test\` event to the endpoint (whatever events it subscribes to) and answers the delivery, PENDING; its outcome shows in the delivery log seconds later. ${MANAGERS}`,
    examples: { response: { ...DELIVERY, event_type: 'webhook.test', booking_id: null, status: 'PENDING', attempts: 0, last_attempt_at: null, last_response_code: null, delivered_at: null, payload: { type: 'webhook.test', timestamp: '2027-06-10T02:15:00.000Z', data: { endpoint_id: 4, message: 'a test event from Sagano group bookings' } } } },
  },
  'GET /v1/webhook-endpoints/{id}/deliveries': {
    id: 'webhooks.listDeliveries',
    summary: 'List an endpoint\'s deliveries',
    description: `The endpoint's deliveries, newest first, each with its payload, status (PENDING, DELIVERED, FAILED), attempts, the last answer's status code or error and the next attempt; \`status\` filters. ${MANAGERS}`,
    examples: { response: { total: 1, page: 1, per_page: 20, deliveries: [DELIVERY] } },
  },
  'POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver': {
    id: 'webhooks.redeliver',
    summary: 'Deliver an event again',
    description: `Sends the delivery again now, with the same \`webhook-id\` (a receiver can tell a repeat), and starts its retries afresh (attempts from 0). ${MANAGERS}`,
    examples: { response: { ...DELIVERY, status: 'PENDING', attempts: 0 } },
  },
})];
